//! R-92635/duplicate-key: a key appears once per mapping.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Role;

/// A mapping key written twice.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/duplicate-key",
        keyword: Keyword::Should,
        section: "HOT specification",
        summary: "No key is written twice in the same mapping of a template or environment file.",
        why: "Heat's YAML loader keeps the last value without a word, so the first definition (a \
              resource, a parameter, a property) disappears; the stack still deploys, which is \
              why this is a warning: vnfwiz is stricter than Heat here (docs/decisions.md).",
        fix: "Remove one of the two entries or rename it; when both were meant, merge them into \
              one entry.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if !matches!(file.role, Role::Template(_) | Role::Environment) {
            continue;
        }
        let Some(document) = &file.document else {
            continue;
        };
        for duplicate in &document.duplicates {
            let path = if duplicate.parent.is_empty() {
                duplicate.key.clone()
            } else {
                format!("{}.{}", duplicate.parent, duplicate.key)
            };
            let place = if duplicate.parent.is_empty() {
                "at the top level".to_owned()
            } else {
                format!("in `{}`", duplicate.parent)
            };
            findings
                .report(
                    file,
                    duplicate.second,
                    path,
                    format!(
                        "`{}` is written twice {place}; Heat keeps only this second value and \
                         deploys without a word about the first",
                        duplicate.key
                    ),
                )
                .also(&file.path, duplicate.first, "first written here");
        }
    }
}
