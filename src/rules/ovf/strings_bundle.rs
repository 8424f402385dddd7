//! OVF-strings-bundle: Every external message bundle (Strings ovf:fileRef) is in the package and parses.

use crate::ovf::NoticeKind;
use crate::report::Keyword;
use crate::rules::{Check, Findings, OvfContext, Rule, RuleMeta};

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-strings-bundle",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Every external message bundle (Strings ovf:fileRef) is in the package and parses.",
        why: "Localised labels, descriptions and licences from a missing bundle cannot be shown; the operator sees the fallback text only.",
        fix: "Add the bundle file named by the File element, as an XML <Strings> document with <Msg ovf:msgid> entries.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::StringsBundle);
}
