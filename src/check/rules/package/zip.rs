//! CSAR-zip: the package is a zip archive that opens (Tacker step 1).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A `.csar` that is not a readable zip archive.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-zip",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 1: the archive",
        summary: "A CSAR is a ZIP archive whose central directory can be read and whose \
                  entries match their CRC-32.",
        why: "Tacker hands the upload to tosca-parser, whose first check is Python's \
              zipfile.is_zipfile; anything else is refused with \"is not a valid zip file\" \
              before any of its content is looked at. An entry whose bytes no longer match \
              its CRC-32 makes Tacker's extraction fail (\"Bad CRC-32\").",
        fix: "Build the package with a zip tool from the package root (zip -r vnf.csar \
              TOSCA-Metadata Definitions Files …) or with `vnfwiz onboard --package csar`, \
              and check that the upload or copy was not truncated.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    if let Some(reason) = &context.csar.archive_error {
        findings.report_at(
            context.package_file(),
            FILE_START,
            "",
            format!("the package is not a readable zip archive ({reason})"),
        );
    }
    for entry in &context.csar.damaged {
        findings.report_at(
            context.package_file(),
            FILE_START,
            "",
            format!(
                "entry `{entry}` does not match the CRC-32 its zip header records: the archive \
                 was changed or damaged after it was written"
            ),
        );
    }
}
