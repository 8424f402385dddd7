//! R-92635/required-property: a resource of one of Heat's types gives every property its type
//! requires (one without a default), also inside map properties with a fixed schema.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::property_check::ProblemKind;

use super::property_report;

/// A required property left out.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/required-property",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A resource of a Heat or Contrail type gives every property its type requires \
                  (an `OS::Nova::Server` its `flavor`, an `OS::Neutron::Port` its `network`).",
        why: "Heat refuses a stack whose resource lacks a required property (\"Property … not \
              assigned\") before creating anything.",
        fix: "Add the property, usually as `{get_param: …}` of a parameter the environment file \
              or ONAP supplies.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    property_report::report(context, findings, ProblemKind::Required);
}
