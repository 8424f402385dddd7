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
/// `OS::Contrail::VirtualNetwork`, the first Contrail plugin's network, still in older VNFs.
pub const CONTRAIL_LEGACY_NETWORK: &str = "OS::Contrail::VirtualNetwork";
/// `OS::Neutron::Subnet`.
pub const NEUTRON_SUBNET: &str = "OS::Neutron::Subnet";
/// `OS::Contrail::VnSubnet`, the first Contrail plugin's subnet (`network:` names its network).
pub const CONTRAIL_LEGACY_SUBNET: &str = "OS::Contrail::VnSubnet";

/// The resource types that create a network: a port, VMI or instance IP attached to one of
/// them with `get_resource` is on an ONAP internal network.
pub const NETWORK_TYPES: [&str; 4] = [
    NEUTRON_NET,
    NEUTRON_PROVIDER_NET,
    CONTRAIL_NETWORK,
    CONTRAIL_LEGACY_NETWORK,
];

/// The resource types that create a subnet of a network named in their `network` property.
pub const SUBNET_TYPES: [&str; 2] = [NEUTRON_SUBNET, CONTRAIL_LEGACY_SUBNET];

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
