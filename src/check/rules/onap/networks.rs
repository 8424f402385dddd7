//! Resources that create networks: the networks a VNF makes for itself (ONAP internal
//! networks, R-35666) and the properties that would make one reachable from outside.

use crate::input::yaml::{Key, Node};
use crate::model::hot::Template;

/// `OS::Neutron::Net`.
pub const NEUTRON_NET: &str = "OS::Neutron::Net";
/// `OS::Neutron::ProviderNet`.
pub const NEUTRON_PROVIDER_NET: &str = "OS::Neutron::ProviderNet";
/// `OS::ContrailV2::VirtualNetwork`.
pub const CONTRAIL_NETWORK: &str = "OS::ContrailV2::VirtualNetwork";
/// `OS::Neutron::Subnet`.
pub const NEUTRON_SUBNET: &str = "OS::Neutron::Subnet";

/// The resource types that create a network.
pub const NETWORK_TYPES: [&str; 3] = [NEUTRON_NET, NEUTRON_PROVIDER_NET, CONTRAIL_NETWORK];

/// A network resource of a template.
#[derive(Clone, Copy, Debug)]
pub struct CreatedNetwork<'a> {
    /// Its resource id.
    pub id: &'a Key,
    /// Its definition.
    pub definition: &'a Node,
    /// Its type, one of [`NETWORK_TYPES`].
    pub resource_type: &'static str,
}

impl<'a> CreatedNetwork<'a> {
    /// A property's value.
    pub fn property(&self, name: &str) -> Option<&'a Node> {
        self.definition.get("properties")?.get(name)
    }
}

/// The network resources of a template, in source order.
pub fn created_networks<'a>(template: &Template<'a>) -> impl Iterator<Item = CreatedNetwork<'a>> {
    template.resources().filter_map(|(id, definition)| {
        let written = definition.get("type")?.as_str()?;
        let resource_type = NETWORK_TYPES.into_iter().find(|t| *t == written)?;
        Some(CreatedNetwork {
            id,
            definition,
            resource_type,
        })
    })
}
