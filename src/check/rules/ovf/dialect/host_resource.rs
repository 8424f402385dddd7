//! OVF-dialect/host-resource: A host resource names a disk as ovf:/disk/<id> (one slash).

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/host-resource",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "A host resource names a disk as ovf:/disk/<id> (one slash).",
        why: "VirtualCenter 2.5 wrote ovf://disk/<id>; VMware's tools read it as the disk <id> and so does vnfwiz, but it is not the URI DSP0243 defines.",
        fix: "Write ovf:/disk/<id>.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::HostResource);
}
