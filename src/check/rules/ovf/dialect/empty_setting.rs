//! OVF-dialect/empty-setting: A resource setting that has no value is left out rather than written empty.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/empty-setting",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "A resource setting that has no value is left out rather than written empty.",
        why: "An empty number, unit or flag (<rasd:Reservation/>, <rasd:Limit></rasd:Limit>) is not a value of its CIM type; VMware's tools read it as absent and so does vnfwiz.",
        fix: "Remove the empty element.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::EmptySetting);
}
