//! CSAR-vnfd-yaml: every VNFD file (the main template and everything it imports) parses
//! as a TOSCA YAML mapping (Tacker step 3).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A VNFD file that does not parse, is not a mapping, or declares no TOSCA version.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-vnfd-yaml",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 3: the VNFD",
        summary: "The main VNFD and every file it imports parse as YAML mappings that declare \
                  tosca_definitions_version.",
        why: "tosca-parser loads the main template and each import before anything else; a \
              file that is not valid YAML, not a mapping or without tosca_definitions_version \
              makes Tacker reject the package as an invalid CSAR.",
        fix: "Correct the YAML at the reported place and start every VNFD file with \
              `tosca_definitions_version: tosca_simple_yaml_1_2`.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for (index, file) in vnfd.files.iter().enumerate() {
        match &file.parsed {
            Err(error) => {
                findings.report_at(
                    &file.path,
                    error.span(),
                    "",
                    format!("the VNFD file does not load: {error}"),
                );
            }
            Ok(document) if document.root.as_map().is_none() => {
                findings.report_at(
                    &file.path,
                    FILE_START,
                    "",
                    format!(
                        "the VNFD file reads as {}, not as a mapping",
                        document.root.kind()
                    ),
                );
            }
            Ok(_) => {
                let declared = vnfd
                    .root(index)
                    .and_then(|r| r.get("tosca_definitions_version"))
                    .and_then(|v| v.as_str())
                    .is_some_and(|v| !v.trim().is_empty());
                if !declared {
                    findings.report_at(
                        &file.path,
                        FILE_START,
                        "tosca_definitions_version",
                        "the VNFD file declares no tosca_definitions_version",
                    );
                }
            }
        }
    }
}
