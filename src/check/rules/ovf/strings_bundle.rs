//! OVF-strings-bundle: Every external message bundle (Strings ovf:fileRef) is in the package and parses;
//! one that is not is a warning, and its texts fall back to the inline ones.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-strings-bundle",
        keyword: Keyword::Should,
        section: "OVF descriptor",
        summary: "Every external message bundle (Strings ovf:fileRef) is in the package and parses.",
        why: "Localised labels, descriptions and licences from a missing bundle cannot be shown; vnfwiz shows the descriptor's own texts instead, as VMware's tools do.",
        fix: "Add the bundle file named by the File element, as an XML <Strings> document with <Msg ovf:msgid> entries.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::StringsBundle);
}
