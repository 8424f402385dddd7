//! OVF-unknown-setting: an item's setting that is not a CIM property is not required.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-unknown-setting",
        keyword: Keyword::Must,
        section: "OVF descriptor / VirtualHardwareSection",
        summary: "A setting of an Item, EthernetPortItem or StorageItem that is not a CIM resource property is marked ovf:required=\"false\".",
        why: "A required setting the deployer does not understand must stop the deployment (DSP0243): the device would be built without something the vendor asked for. VMware's tools refuse it too.",
        fix: "Mark the setting ovf:required=\"false\" if the device works without it, or replace it with the CIM property that says the same.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::UnknownSetting);
}
