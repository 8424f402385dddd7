//! OVF-dialect/value-without-value: Every property Value element carries ovf:value.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/value-without-value",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "Every property Value element carries ovf:value.",
        why: "A Value without ovf:value gives its deployment option no value; vnfwiz reads it as the empty value for that option.",
        fix: "Add ovf:value (\"\" for an empty value) or remove the Value element.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::ValueWithoutValue);
}
