//! CAP-annotation: a template's `capabilities:` is a map of tags with scalar values (or lists of
//! them), and `resource_type` names resource types.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::capabilities::ProblemKind;

/// A `capabilities:` annotation vnfwiz cannot read.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CAP-annotation",
        keyword: Keyword::Must,
        section: "Template composition / annotation",
        summary: "A template's `capabilities:` maps each tag to a value or a list of values, and \
                  `resource_type` to a resource type or a list of types.",
        why: "Resolution compares tag values with the environment's `requires:` and finds a \
              type's implementations by `resource_type`; a map or an empty list there matches \
              nothing, so the template silently drops out of every choice.",
        fix: "Write tags as `key: value` or `key: [value, …]` (`deployment: puppet`) and \
              `resource_type: OS::Vendor::Type` or a list of type names.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    super::report_problems(context, findings, ProblemKind::Annotation);
}
