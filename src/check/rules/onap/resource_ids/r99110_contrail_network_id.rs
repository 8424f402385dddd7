//! R-99110: an `OS::ContrailV2::VirtualNetwork` resource id reads
//! `int_{network-role}_network`.

use crate::check::rules::onap::shared_checks::network_id;
use crate::check::rules::onap::vocabulary::networks::CONTRAIL_NETWORK;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A Contrail network id off the convention.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-99110",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / OS::ContrailV2::VirtualNetwork",
        summary: "An `OS::ContrailV2::VirtualNetwork` resource id reads \
                  `int_{network-role}_network`.",
        why: "A VNF can only create ONAP internal networks; ONAP recognises a Contrail network \
              the VNF creates, and its role, by the `int_` prefix and the `{network-role}` in \
              its id.",
        fix: "Rename the network to `int_{network-role}_network` (e.g. `int_ha_network`; one id \
              per role, no index) and update every `get_resource`/`get_attr` naming it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    network_id::check(context, findings, CONTRAIL_NETWORK);
}
