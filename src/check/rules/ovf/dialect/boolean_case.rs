//! OVF-dialect/boolean-case: booleans are written `true` or `false`, as xs:boolean has them.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the value is read without
/// regard to case.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/boolean-case",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "Boolean attributes and the values of boolean properties are written `true` or `false`, in lower case.",
        why: "xs:boolean has only `true`, `false`, `1` and `0`; vCenter's appliances write `True` and `False`, which VMware's tools read without case. vnfwiz reads them so too (a boolean property's default is then `true` or `false` in every face), where a strict reader would lose the vendor's default.",
        fix: "Write `true` or `false` in lower case.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::BooleanCase);
}
