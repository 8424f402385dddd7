//! OVF-dialect/option-override: For each deployment option, at most one item of an InstanceID applies.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/option-override",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "For each deployment option, at most one item of an InstanceID applies.",
        why: "When an item for `medium large` and one for `large` share an InstanceID, both apply to `large`; VMware's tools use the one naming fewer options (the more specific), and so does vnfwiz.",
        fix: "Give each option its own item (ovf:configuration=\"medium\" and ovf:configuration=\"large\"), or drop the option from the broader item's list.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::OptionOverride);
}
