//! R-25720: an `OS::Neutron::Net` resource id reads `int_{network-role}_network`.

use crate::check::rules::onap::shared_checks::network_id;
use crate::check::rules::onap::vocabulary::networks::NEUTRON_NET;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A Neutron network id off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-25720",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / \
                  OpenStack Heat Resources Resource ID Naming Convention / OS::Neutron::Net",
        summary: "An `OS::Neutron::Net` resource id reads `int_{network-role}_network`.",
        why: "A VNF can only create ONAP internal networks; ONAP recognises one, and the role \
              its ports and subnets refer to, by the `int_` prefix and the `{network-role}` in \
              the network's id.",
        fix: "Rename the network to `int_{network-role}_network` (e.g. `int_ctrl_network`; one \
              id per role, no index) and update every `get_resource`/`get_attr` naming it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    network_id::check(context, findings, NEUTRON_NET);
}
