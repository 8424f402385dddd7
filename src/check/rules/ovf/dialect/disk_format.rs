//! OVF-dialect/disk-format: a disk with a file says how its image is written (`ovf:format`).

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor and opening the package;
/// the format is the one the message names.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/disk-format",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "A Disk with an ovf:fileRef names its image format in ovf:format.",
        why: "DSP0243 requires ovf:format on a disk with content; virt-v2v's and govmomi's exports leave it out, and virt-v2v and ovftool read the image's own header instead. vnfwiz takes the format from the file's header when the file is in the package, else from its name's extension, and refuses only when neither tells (OVF-missing-attribute).",
        fix: "Add ovf:format with the format's URI, such as http://www.vmware.com/interfaces/specifications/vmdk.html#streamOptimized for a stream-optimised VMDK.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::DiskFormat);
}
