//! OVF-dialect/default-language: An Envelope whose texts use ovf:msgid says its own language with xml:lang.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/default-language",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "An Envelope whose texts use ovf:msgid says its own language with xml:lang.",
        why: "Without xml:lang no Strings bundle is the Envelope's own. vnfwiz takes the inline texts as the descriptor's default locale (unless --lang or LANG asks for a bundle's language); a text that relies on its msgid alone has no words of its own, and is shown from the bundle for `en` (else the first).",
        fix: "Add xml:lang=\"en-US\" (the language of the inline texts) to the Envelope.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::DefaultLanguage);
}
