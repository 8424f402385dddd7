//! SDC-manifest-missing: every file `MANIFEST.json` lists is in the heat package.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::MANIFEST_JSON;

/// A listed file the package does not have.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "SDC-manifest-missing",
        keyword: Keyword::Must,
        section: "ONAP heat package: MANIFEST.json",
        summary: "Every file that MANIFEST.json lists (children included) is in the package.",
        why: "SDC builds the VF modules from MANIFEST.json and refuses the upload when a listed \
              file is missing from the zip: the module or its env file would be lost.",
        fix: "Add the file to the zip at the listed path (names are relative to the zip root), \
              or remove its entry from MANIFEST.json.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let set = context.set;
    let Some(manifest) = &set.manifest else {
        return;
    };
    if set.package_files.is_empty() {
        return;
    }
    for entry in manifest.all() {
        if set
            .package_files
            .binary_search_by(|n| n.as_str().cmp(&entry.file))
            .is_err()
        {
            findings.report_at(
                MANIFEST_JSON,
                entry.span,
                "data",
                format!(
                    "MANIFEST.json lists `{}`, which the package does not have",
                    entry.file
                ),
            );
        }
    }
}
