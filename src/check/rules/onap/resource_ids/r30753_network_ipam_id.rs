//! R-30753: an `OS::ContrailV2::NetworkIpam` resource id contains the `{network-role}` of the
//! internal network it serves (see `role_in_id` for how that network is found).

use crate::check::rules::onap::vocabulary::attachment::{Reach, internal_network_role};
use crate::check::rules::onap::vocabulary::networks::CONTRAIL_NETWORK;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::role_in_id::{self, Association};

/// An IPAM id without its network's role.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-30753",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / OS::ContrailV2::NetworkIpam",
        summary: "An `OS::ContrailV2::NetworkIpam` resource id contains the `{network-role}` of \
                  the internal network it serves.",
        why: "An IPAM holds the address plan of one internal network; the role in its id ties \
              the two together for operators and for SDC's model of the network.",
        fix: "Rename the IPAM so its id contains the role of the network that lists it in \
              `network_ipam_refs` (e.g. `int_ctrl_ipam` for `int_ctrl_network`) and update every \
              reference to it.",
    },
    check: Check::Hot(check),
};

const ASSOCIATION: Association = Association {
    judged: "OS::ContrailV2::NetworkIpam",
    referrer: CONTRAIL_NETWORK,
    property: "network_ipam_refs",
    role_of: |_, id, _| internal_network_role(&id.text),
    fallback: Some(Reach::Internal),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    role_in_id::check(context, findings, &ASSOCIATION);
}
