//! R-92635/property-value: a literal property value of a resource of one of Heat's types has
//! the property's type (as Heat converts it) and lies within its allowed values, range,
//! length and pattern.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::property_check::ProblemKind;

use super::property_report;

/// A literal Heat would refuse for its property.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/property-value",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A literal property value has the property's type (text, integer, number, \
                  boolean, map, list, with Heat's conversions) and lies within its allowed \
                  values, range, length and pattern.",
        why: "Heat converts and checks every property before creating anything; a map where a \
              list belongs, `ten` for an integer or a value outside the allowed ones fails the \
              stack.",
        fix: "Write the value in the property's type, or pick one of the allowed values the \
              message lists.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    property_report::report(context, findings, ProblemKind::Value);
}
