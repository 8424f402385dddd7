//! OVF-dialect/unprefixed-attribute: OVF attributes carry the ovf: prefix (ovf:configuration, ovf:value, ovf:id, …).

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/unprefixed-attribute",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "OVF attributes carry the ovf: prefix (ovf:configuration, ovf:value, ovf:id, …).",
        why: "DSP0243 qualifies its attributes; an unprefixed one is in no namespace, so a strict reader ignores it (an Item's configuration is lost and the hardware of every deployment option is added up). VMware's tools read it as the ovf: one, and so does vnfwiz.",
        fix: "Write the ovf: prefix (configuration=\"tiny\" becomes ovf:configuration=\"tiny\").",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::UnprefixedAttribute);
}
