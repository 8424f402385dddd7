//! R-87563: the id of an IPv6 instance IP on an internal network reads
//! `{vm-type}_{vm-type_index}_int_{network-role}_vmi_{vmi_index}_v6_IP_{index}`
//! (see `attached_id` for how the network is read).

use crate::check::rules::onap::vocabulary::attachment::Reach;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::attached_id::{self, Attached, Family};

/// An IPv6 instance IP on an internal network whose id is off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-87563",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / OS::ContrailV2::InstanceIp",
        summary: "An `OS::ContrailV2::InstanceIp` giving an IPv6 address to an interface on an ONAP internal network has the id `{vm-type}_{vm-type_index}_int_{network-role}_vmi_{vmi_index}_v6_IP_{index}`.",
        why: "The id names the internal interface the address belongs to, that the address is IPv6, and which of its IPv6 addresses it is.",
        fix: "Rename the resource to its interface id followed by `_v6_IP_{index}` (e.g. `vsbc_0_int_ha_vmi_0_v6_IP_0`) and update every reference to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    attached_id::check(
        context,
        findings,
        Attached::InstanceIp(Family::V6),
        Reach::Internal,
    );
}
