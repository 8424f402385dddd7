//! R-92635/yaml-syntax: every template and environment file must parse.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Role;

/// A file Heat cannot parse.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/yaml-syntax",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "Every template and environment file parses as YAML or JSON the way Heat reads it.",
        why: "Heat rejects a stack whose template or environment does not parse; nothing in the \
              file is checked or deployed.",
        fix: "Correct the syntax at the reported place (indentation with spaces, closed quotes \
              and brackets, one document per file, UTF-8 text).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    report_unparsed(context, findings);
}

/// Reports every template and environment file that does not parse (limits aside, which have
/// their own code); ONAP's R-95303 reports the same files under its own id.
pub(crate) fn report_unparsed(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if !matches!(file.role, Role::Template(_) | Role::Environment) {
            continue;
        }
        let Some(error) = &file.load_error else {
            continue;
        };
        // Configured limits have their own code.
        if error.is_limit() {
            continue;
        }
        findings.report(file, error.span(), "", error.to_string());
    }
}
