//! R-26351: the id of a port on an internal network reads
//! `{vm-type}_{vm-type_index}_int_{network-role}_port_{port-index}`
//! (see `attached_id` for how the network is read).

use crate::check::rules::onap::vocabulary::attachment::Reach;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::attached_id::{self, Attached};

/// A port on an internal network whose id is off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-26351",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / \
                  OpenStack Heat Resources Resource ID Naming Convention / OS::Neutron::Port",
        summary: "An `OS::Neutron::Port` on an ONAP internal network has the id `{vm-type}_{vm-type_index}_int_{network-role}_port_{port-index}`.",
        why: "The `int_` part tells ONAP and SDC that the port stays inside the VNF; the VM type, its instance and the network role in the id tie the port to its VM and network.",
        fix: "Rename the port to `{vm-type}_{vm-type_index}_int_{network-role}_port_{port-index}` (e.g. `vlb_0_int_ctrl_port_0` for the first port of the first load balancer VM on the network `int_ctrl_network`) and update every reference to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    attached_id::check(context, findings, Attached::Port, Reach::Internal);
}
