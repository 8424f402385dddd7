//! R-96253: the id of a Contrail interface on an external network reads
//! `{vm-type}_{vm-type_index}_{network-role}_vmi_{vmi_index}`
//! (see `attached_id` for how the network is read).

use crate::check::rules::onap::vocabulary::attachment::Reach;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::attached_id::{self, Attached};

/// A Contrail interface on an external network whose id is off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-96253",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / \
                  OS::ContrailV2::VirtualMachineInterface",
        summary: "An `OS::ContrailV2::VirtualMachineInterface` on an ONAP external network has the id `{vm-type}_{vm-type_index}_{network-role}_vmi_{vmi_index}`.",
        why: "A Contrail VMI is the port of a VM; ONAP reads the VM type, the VM instance and the network role from its id, as it does for Neutron ports.",
        fix: "Rename the interface to `{vm-type}_{vm-type_index}_{network-role}_vmi_{vmi_index}` (e.g. `vsbc_0_sig_vmi_0` for the first interface of the first SBC VM on the network of `sig_net_fqdn`) and update every reference to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    attached_id::check(context, findings, Attached::Vmi, Reach::External);
}
