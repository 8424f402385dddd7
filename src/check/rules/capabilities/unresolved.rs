//! CAP-unresolved: a type with candidate implementations keeps at least one once the
//! requirements are applied.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::capabilities::Outcome;

/// No candidate satisfies the requirements.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CAP-unresolved",
        keyword: Keyword::Must,
        section: "Template composition / resolution",
        summary: "Each type offered with candidate implementations keeps one whose capabilities \
                  satisfy every `requires:` key it declares.",
        why: "When every candidate declares a value other than the required one, nothing \
              implements the type; the capabilities spec makes this a validation error rather \
              than a silent fallback.",
        fix: "Change the requirement to a value a candidate declares, add an implementation \
              with the required capability, or choose one explicitly (`--choose TYPE=TEMPLATE`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    super::report_choices(context, findings, |o| {
        matches!(o, Outcome::Unresolved { .. })
    });
}
