//! R-53310: the id of an IPv4 instance IP on an external network reads
//! `{vm-type}_{vm-type_index}_{network-role}_vmi_{vmi_index}_IP_{index}`
//! (see `attached_id` for how the network is read).

use crate::check::rules::onap::vocabulary::attachment::Reach;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::attached_id::{self, Attached, Family};

/// An IPv4 instance IP on an external network whose id is off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-53310",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / OS::ContrailV2::InstanceIp",
        summary: "An `OS::ContrailV2::InstanceIp` giving an IPv4 address to an interface on an ONAP external network has the id `{vm-type}_{vm-type_index}_{network-role}_vmi_{vmi_index}_IP_{index}`.",
        why: "The id names the interface the address belongs to and which of its IPv4 addresses it is; ONAP and operators find a VM address by that name.",
        fix: "Rename the resource to its interface id followed by `_IP_{index}` (e.g. `vsbc_0_sig_vmi_0_IP_0` for the first IPv4 address of `vsbc_0_sig_vmi_0`) and update every reference to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    attached_id::check(
        context,
        findings,
        Attached::InstanceIp(Family::V4),
        Reach::External,
    );
}
