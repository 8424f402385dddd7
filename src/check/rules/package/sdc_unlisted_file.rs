//! SDC-manifest-unlisted: every file of the heat package is listed in `MANIFEST.json`.

use foldhash::HashSet;

use crate::check::rules::{Check, Context, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::MANIFEST_JSON;

/// A package file MANIFEST.json does not list.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "SDC-manifest-unlisted",
        keyword: Keyword::Should,
        section: "ONAP heat package: MANIFEST.json",
        summary: "Every file of the package except MANIFEST.json itself has an entry in \
                  MANIFEST.json.",
        why: "SDC only knows the files MANIFEST.json lists; it warns that an unlisted file is \
              not referenced and leaves it out of the VF's artifacts, so a get_file target or \
              script nobody listed is missing at deployment.",
        fix: "Add an entry for the file: {\"file\": \"<path>\", \"type\": \"OTHER\"} (or HEAT, \
              HEAT_ENV as a child of its module, HEAT_VOL …), or remove the file from the zip.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let set = context.set;
    let Some(manifest) = &set.manifest else {
        return;
    };
    let listed: HashSet<&str> = manifest.all().iter().map(|e| e.file.as_str()).collect();
    for file in &set.package_files {
        if file != MANIFEST_JSON && !listed.contains(file.as_str()) {
            findings.report_at(
                MANIFEST_JSON,
                FILE_START,
                "data",
                format!("`{file}` is in the package but MANIFEST.json does not list it"),
            );
        }
    }
}
