//! R-92635/output-resource: an output's `get_resource` names a resource of the same template.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::resource_reference::{References, check_references};

/// An output whose `get_resource` names no resource of its template.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/output-resource",
        keyword: Keyword::Should,
        section: "HOT specification / outputs section",
        summary: "An output's get_resource names a resource of the same template.",
        why: "Unlike every other reference to a missing resource, Heat does not refuse this \
              one: it creates the stack and only the output fails (its value is an error), so \
              whatever reads it (a parent template, ONAP's base outputs) gets nothing. vnfwiz \
              is stricter than Heat here, hence a warning (docs/decisions.md).",
        fix: "Correct the resource name, or declare the resource in this template (a nested \
              template's resources are reached through its outputs).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_references(context, findings, References::OutputResource);
}
