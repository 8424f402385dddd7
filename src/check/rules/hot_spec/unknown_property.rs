//! R-92635/unknown-property: a resource of one of Heat's types passes only properties the
//! type declares (also inside map properties with a fixed schema and their list items).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::property_check::ProblemKind;

use super::property_report;

/// A property the resource type does not have.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/unknown-property",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A resource of a Heat or Contrail type names only properties its type declares, \
                  at every level of a property with a fixed schema.",
        why: "Heat validates properties against the type's schema before creating anything; an \
              unknown name (usually a misspelling, or a property of another type) fails the \
              stack with \"Unknown Property\".",
        fix: "Correct the name (the message names the closest property), or remove it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    property_report::report(context, findings, ProblemKind::Unknown);
}
