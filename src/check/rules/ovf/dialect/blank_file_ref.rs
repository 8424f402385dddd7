//! OVF-dialect/blank-file-ref: A blank disk has no ovf:fileRef rather than an empty one.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/blank-file-ref",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "A blank disk has no ovf:fileRef rather than an empty one.",
        why: "DSP0243 marks a disk without content by leaving ovf:fileRef out; an empty one names no File. vnfwiz reads it as a blank disk, as VMware's tools do.",
        fix: "Remove ovf:fileRef=\"\" from the Disk.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::BlankFileRef);
}
