//! OVF-ref/parent: every item's Parent names an item of the same hardware section.

use foldhash::HashSet;

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A device attached to a controller that does not exist.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/parent",
        keyword: Keyword::Must,
        section: "OVF descriptor / VirtualHardwareSection",
        summary: "Every rasd:Parent names the InstanceID of another item in the same hardware section.",
        why: "A disk or drive on a missing controller cannot be attached; hypervisors refuse the \
              virtual machine and converters lose the device.",
        fix: "Set rasd:Parent to the InstanceID of the controller item (IDE, SCSI, SATA) the \
              device hangs on.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    for (owner, section) in super::hardware_sections(context) {
        let ids: HashSet<&str> = section
            .items
            .iter()
            .filter_map(|i| i.instance_id.as_ref())
            .map(|i| i.value.as_str())
            .collect();
        for item in &section.items {
            if let Some(parent) = &item.parent
                && !ids.contains(parent.value.as_str())
            {
                findings.report_at(
                    context.file,
                    parent.span,
                    &owner,
                    format!(
                        "rasd:Parent is `{}`, which is no InstanceID in this section",
                        parent.value
                    ),
                );
            }
        }
    }
}
