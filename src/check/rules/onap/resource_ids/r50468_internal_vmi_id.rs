//! R-50468: the id of a Contrail interface on an internal network reads
//! `{vm-type}_{vm-type_index}_int_{network-role}_vmi_{vmi_index}`
//! (see `attached_id` for how the network is read).

use crate::check::rules::onap::vocabulary::attachment::Reach;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::attached_id::{self, Attached};

/// A Contrail interface on an internal network whose id is off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-50468",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / \
                  OS::ContrailV2::VirtualMachineInterface",
        summary: "An `OS::ContrailV2::VirtualMachineInterface` on an ONAP internal network has the id `{vm-type}_{vm-type_index}_int_{network-role}_vmi_{vmi_index}`.",
        why: "The `int_` part marks an interface that stays inside the VNF; the VM type, its instance and the network role in the id tie it to its VM and network.",
        fix: "Rename the interface to `{vm-type}_{vm-type_index}_int_{network-role}_vmi_{vmi_index}` (e.g. `vsbc_0_int_ha_vmi_0` for an interface on `int_ha_network`) and update every reference to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    attached_id::check(context, findings, Attached::Vmi, Reach::Internal);
}
