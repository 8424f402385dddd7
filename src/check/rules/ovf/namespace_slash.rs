//! OVF-namespace-slash: The OVF 1.x namespace is written without a trailing slash.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-namespace-slash",
        keyword: Keyword::Should,
        section: "OVF descriptor",
        summary: "The OVF 1.x namespace is written without a trailing slash.",
        why: "DSP0243 defines the URI without the slash; tools that compare namespaces exactly do not recognise the descriptor.",
        fix: "Write xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" (no trailing slash).",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::NamespaceSlash);
}
