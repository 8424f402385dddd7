//! R-20453: the id of a port on an external network reads
//! `{vm-type}_{vm-type_index}_{network-role}_port_{port-index}`
//! (see `attached_id` for how the network is read).

use crate::check::rules::onap::vocabulary::attachment::Reach;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::attached_id::{self, Attached};

/// A port on an external network whose id is off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-20453",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / \
                  OpenStack Heat Resources Resource ID Naming Convention / OS::Neutron::Port",
        summary: "An `OS::Neutron::Port` on an ONAP external network has the id `{vm-type}_{vm-type_index}_{network-role}_port_{port-index}`.",
        why: "ONAP reads the VM, its instance and the network a port serves from the port id; SDC builds the port node and its network role from it, and inventory tools match ports to VMs by it.",
        fix: "Rename the port to `{vm-type}_{vm-type_index}_{network-role}_port_{port-index}` (e.g. `vfw_0_unprotected_port_0`: VM type, which VM of that type from 0, the network role of its `{network-role}_net_id` parameter, which port of that VM on that network from 0) and update every reference to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    attached_id::check(context, findings, Attached::Port, Reach::External);
}
