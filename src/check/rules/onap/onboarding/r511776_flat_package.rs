//! R-511776: the heat package is flat: every file sits at the top of the folder or zip.
//!
//! One violation per subfolder, at its first file (in path order), saying how many files the
//! folder holds. Templates given one by one are read where they are and not checked.

use std::collections::BTreeMap;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};

/// A file in a subfolder of the heat package.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-511776",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP VNF On-Boarding",
        summary: "Every file of the heat package sits at the top of the zip, in no subfolder.",
        why: "SDC reads a heat zip as one flat folder: files in subfolders are not found by \
              the names templates use for them (`type: vfw_server.yaml`, `get_file: \
              init.sh`), and the package is refused or deployed without them.",
        fix: "Move every file to the top of the package, change each `type:` and `get_file` \
              path to the bare file name, and zip the folder's content (not the folder).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    // Folder → (first file, count), in path order.
    let mut folders: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
    for entry in &context.set.package {
        let Some((folder, _)) = entry.path.rsplit_once('/') else {
            continue;
        };
        let top = folder.split('/').next().unwrap_or(folder);
        let slot = folders.entry(top).or_insert((entry.path.as_str(), 0));
        if entry.path.as_str() < slot.0 {
            slot.0 = &entry.path;
        }
        slot.1 += 1;
    }
    for (folder, (first, count)) in folders {
        findings.report_at(
            first,
            Span::START,
            "",
            format!(
                "folder `{folder}/` holds {count} file(s) of the package; ONAP wants them all \
                 at the top"
            ),
        );
    }
}
