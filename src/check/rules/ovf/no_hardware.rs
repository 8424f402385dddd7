//! OVF-no-hardware: every VirtualSystem has a VirtualHardwareSection.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A VirtualSystem without virtual hardware.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-no-hardware",
        keyword: Keyword::Must,
        section: "OVF descriptor / VirtualSystem",
        summary: "Every VirtualSystem has a VirtualHardwareSection as a direct child.",
        why: "DSP0243 requires it: without CPUs, memory, disks and NICs there is nothing to size \
              a flavor or build a server from.",
        fix: "Add a VirtualHardwareSection with the CPU (ResourceType 3), memory (4), disk (17) \
              and NIC (10) items to the VirtualSystem.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (_, system) in envelope.virtual_systems() {
        // VMware's ResourceAllocationSection in the system sizes it (OVF-dialect/placed-section).
        if system.hardware.is_empty() && system.resource_allocation.is_none() {
            findings.report_at(
                context.file,
                system.span,
                system.label(),
                format!("{} has no VirtualHardwareSection", system.label()),
            );
        }
    }
}
