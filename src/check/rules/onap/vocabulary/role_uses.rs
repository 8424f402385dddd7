//! Where the VNF's templates use a `{network-role}`: the network parameters its ports read
//! (`[int_]{network-role}_net_id`, `_net_name`, `_net_fqdn`) and the ids of the networks it
//! creates (`int_{network-role}_network`).

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::Context;
use crate::check::rules::onap::vocabulary::network_role::{
    NetworkParameter, network_resource_role,
};
use crate::check::rules::onap::vocabulary::networks::created_networks;
use crate::check::rules::onap::vocabulary::ports::Property;
use crate::foundation::diagnostics::Span;
use crate::model::hot::{FileId, Template};

/// One place a network-role is written.
#[derive(Clone, Debug)]
pub struct RoleUse<'a> {
    /// The template.
    pub template: Template<'a>,
    /// The network-role.
    pub role: &'a str,
    /// The whole name it is part of.
    pub name: &'a str,
    /// Where the name is written.
    pub span: Span,
    /// Dotted path of the name.
    pub path: String,
}

/// Every network-role the templates use, once per template at its first place.
pub fn roles_in_use<'a>(context: &Context<'a>) -> Vec<RoleUse<'a>> {
    let mut seen: HashSet<(FileId, &'a str)> = HashSet::new();
    let mut found = Vec::new();
    for port in &context.ports().all {
        for read in port.reads_of(Property::Network) {
            let name = read.parameter();
            let Some(parameter) = NetworkParameter::parse(name) else {
                continue;
            };
            if seen.insert((port.template.id, parameter.role())) {
                found.push(RoleUse {
                    template: port.template,
                    role: parameter.role(),
                    name,
                    span: read.at.span,
                    path: read.path.clone(),
                });
            }
        }
    }
    for template in &context.templates {
        for network in created_networks(template) {
            let name = network.id.text.as_str();
            let Some(role) = network_resource_role(name) else {
                continue;
            };
            if seen.insert((template.id, role)) {
                found.push(RoleUse {
                    template: *template,
                    role,
                    name,
                    span: network.id.span,
                    path: format!("resources.{name}"),
                });
            }
        }
    }
    found
}
