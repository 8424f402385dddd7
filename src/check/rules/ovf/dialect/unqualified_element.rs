//! OVF-dialect/unqualified-element: Elements inside an OVF Envelope are in the OVF namespace.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/unqualified-element",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "Elements inside an OVF Envelope are in the OVF namespace.",
        why: "VirtualCenter 2.5 and ovftool's OVF 0.9 exports wrote References, sections and contents without a namespace, and the OVF 1.0 drafts put Strings in a namespace of their own (`ovfstr:`, at times without declaring it); VMware's tools read them as OVF and vnfwiz does too, but a reader that follows the XML namespace rules sees no OVF content at all, or refuses the document.",
        fix: "Declare the OVF namespace as the default one (xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\") on the Envelope, or prefix the elements with ovf:; write message bundles as OVF <Strings>.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::UnqualifiedElement);
}
