//! OVF-dialect/placed-section: EulaSection sits in a VirtualSystem or VirtualSystemCollection, ResourceAllocationSection in a VirtualSystemCollection.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/placed-section",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "EulaSection sits in a VirtualSystem or VirtualSystemCollection, ResourceAllocationSection in a VirtualSystemCollection.",
        why: "Older VMware tools wrote a licence directly in the Envelope and reservations in a VirtualSystem; vnfwiz uses them where they are (the licence still has to be accepted), but DSP0243 readers may ignore them.",
        fix: "Move the section to the place the message names.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::PlacedSection);
}
