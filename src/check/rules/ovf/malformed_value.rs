//! OVF-malformed-value: Numbers, booleans and single sections are written as the OVF schema types them.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-malformed-value",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Numbers, booleans and single sections are written as the OVF schema types them.",
        why: "A size, count, delay or flag that does not parse is ignored, so the deployment differs from what the author meant.",
        fix: "Write whole numbers without units or signs, booleans as true or false, and at most one of each single section.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::Malformed);
}
