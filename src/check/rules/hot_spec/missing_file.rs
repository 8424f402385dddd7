//! R-92635/missing-file: every nested template, registry target and get_file target is in
//! the package.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::source::path::PathError;
use crate::model::hot::{ReferenceError, ReferenceKind};

/// A reference to a file the package does not hold.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/missing-file",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "Every nested template, resource_registry target and get_file path names a \
                  file of the package.",
        why: "Heat resolves nested templates and get_file contents from the files sent with the \
              stack; a missing file stops the stack at validation, and SDC rejects a package \
              whose references dangle.",
        fix: "Add the file to the package at the referenced path (relative to the referencing \
              file), or correct the path.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for reference in &context.set.references {
        let Err(error) = &reference.resolved else {
            continue;
        };
        let target = &reference.target;
        let reason = match error {
            ReferenceError::Missing(_) => "which is not in the package".to_owned(),
            ReferenceError::Unreadable(why) => format!("which cannot be read: {why}"),
            ReferenceError::TooManyFiles(_) => format!("which was not read: {error}"),
            ReferenceError::Path(PathError::Empty) => String::new(),
            ReferenceError::Path(_) => continue,
        };
        let what = match reference.kind {
            ReferenceKind::NestedType => format!("the resource type names the template `{target}`"),
            ReferenceKind::Registry => format!("resource_registry maps to `{target}`"),
            ReferenceKind::GetFile => format!("get_file reads `{target}`"),
        };
        let message = if matches!(error, ReferenceError::Path(PathError::Empty)) {
            format!("{} is empty", reference.kind.label())
        } else {
            format!("{what}, {reason}")
        };
        findings.report(
            context.set.file(reference.from),
            reference.span,
            reference.path.clone(),
            message,
        );
    }
}
