//! Reporting the property problems found against Heat's types of one kind (R-92635/unknown-property,
//! required-property and property-value share one check of every resource; property-value
//! reports its own, a parameter value at fault once).

use crate::check::rules::{Context, Findings};
use crate::model::hot::property_check::ProblemKind;

/// Reports every property problem of `kind`.
pub(super) fn report(context: &Context<'_>, findings: &mut Findings<'_>, kind: ProblemKind) {
    for (template, problem) in context.property_problems(kind) {
        findings.report(
            template.file,
            problem.span,
            problem.path.clone(),
            problem.message.clone(),
        );
    }
}
