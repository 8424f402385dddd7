//! The check shared by R-25720 (`OS::Neutron::Net`) and R-99110
//! (`OS::ContrailV2::VirtualNetwork`): a network the VNF creates is an internal network, and
//! its resource id reads `int_{network-role}_network`.

use super::typed_resource_id;
use crate::check::rules::onap::vocabulary::attachment::internal_network_role;
use crate::check::rules::{Context, Findings};

/// Reports every resource of `resource_type` whose id is not `int_{network-role}_network`.
pub fn check(context: &Context<'_>, findings: &mut Findings<'_>, resource_type: &str) {
    typed_resource_id::check(
        context,
        findings,
        resource_type,
        |id| internal_network_role(id).is_some(),
        |id| format!("network `{id}` is not named `int_{{network-role}}_network`"),
    );
}
