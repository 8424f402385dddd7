//! R-81214: an `OS::ContrailV2::InterfaceRouteTable` resource id contains the
//! `{network-role}` of the network it serves (see `role_in_id` for how that network is
//! found).

use crate::check::rules::onap::vocabulary::attachment::{CONTRAIL_VMI, of_resource};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::role_in_id::{self, Association};

/// A route table id without its network's role.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-81214",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Resource IDs / Contrail \
                  Heat Resources Resource ID Naming Convention / \
                  OS::ContrailV2::InterfaceRouteTable",
        summary: "An `OS::ContrailV2::InterfaceRouteTable` resource id contains the \
                  `{network-role}` of the network its interfaces are on.",
        why: "A route table steers the traffic of interfaces on one network; the role in its id \
              says which, so operators and SDC can tie the routes to that network.",
        fix: "Rename the route table so its id contains the role of the network of the VMIs \
              that list it in `interface_route_table_refs` (e.g. `vfw_sig_route_table` for VMIs \
              on `sig_net_fqdn`) and update every reference to it.",
    },
    check: Check::Hot(check),
};

const ASSOCIATION: Association = Association {
    judged: "OS::ContrailV2::InterfaceRouteTable",
    referrer: CONTRAIL_VMI,
    property: "interface_route_table_refs",
    role_of: |template, _, definition| of_resource(template, definition)?.role,
    fallback: None,
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    role_in_id::check(context, findings, &ASSOCIATION);
}
