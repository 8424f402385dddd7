//! R-92635/file-outside-package: references stay inside the package.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::source::path::PathError;
use crate::model::hot::{ReferenceError, ReferenceKind};

/// A reference that is absolute, climbs out of the package, or (for get_file) is a URL.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/file-outside-package",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "File references are relative paths that stay inside the package.",
        why: "An absolute path, a `..` that climbs above the package root or a URL reads \
              whatever the onboarding machine or the network holds at deployment time, not what \
              was validated and signed; such files are never read by vnfwiz.",
        fix: "Copy the file into the package and reference it by a path relative to the \
              referencing template (for example `scripts/init.sh`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for reference in &context.set.references {
        let Err(ReferenceError::Path(error)) = &reference.resolved else {
            continue;
        };
        match error {
            PathError::Absolute(_) | PathError::Escapes(_) => {}
            // URLs as resource types belong to ONAP's own rules (R-53952, R-71699).
            PathError::Url(_) if reference.kind == ReferenceKind::GetFile => {}
            PathError::Url(_) | PathError::Empty => continue,
        }
        findings.report(
            context.set.file(reference.from),
            reference.span,
            reference.path.clone(),
            format!("{}: {error}", reference.kind.label()),
        );
    }
}
