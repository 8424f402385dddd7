//! Which ONAP network a port, a Contrail virtual machine interface or a Contrail instance IP
//! attaches to, read from how its properties name the network: a `get_param` of
//! `{network-role}_net_id|_net_name|_net_fqdn` is an external network,
//! `int_{network-role}_net_…` or a network resource of the template
//! (`int_{network-role}_network`, of any type that creates a network: `networks::NETWORK_TYPES`)
//! an internal one (R-62983, R-86182, R-02164, R-25720).
//!
//! Only what the resource-id rules need; the `{network-role}` vocabulary itself lives with
//! the network rules.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Mapping, Node};
use crate::model::hot::Template;
use crate::model::hot::template::{referenced_resource, resource_type};
use crate::model::hot::usage::direct_read;

use crate::check::rules::onap::vocabulary::networks::NETWORK_TYPES;
use crate::check::rules::onap::vocabulary::stem_before;

/// The Contrail virtual machine interface (port) resource type.
pub const CONTRAIL_VMI: &str = "OS::ContrailV2::VirtualMachineInterface";
/// The Neutron port resource type.
pub const NEUTRON_PORT: &str = "OS::Neutron::Port";
/// The Contrail instance IP resource type.
pub const CONTRAIL_INSTANCE_IP: &str = "OS::ContrailV2::InstanceIp";

/// Suffixes of a parameter naming a network: UUID, name, Contrail FQDN.
const NETWORK_PARAMETER_SUFFIXES: [&str; 3] = ["_net_id", "_net_name", "_net_fqdn"];

/// Whether a network is created by the VNF or exists outside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// An ONAP internal network (created by the VNF; `int_` in its names).
    Internal,
    /// An ONAP external network (passed in by parameter).
    External,
}

/// The network a resource attaches to.
#[derive(Clone, Copy, Debug)]
pub struct Attachment<'a> {
    /// Internal or external.
    pub reach: Reach,
    /// The `{network-role}`, when the names follow ONAP's conventions.
    pub role: Option<&'a str>,
    /// Where the network is named (the parameter name, or the reference to the resource).
    pub span: Span,
}

/// The `{network-role}` of an internal network resource id `int_{network-role}_network`.
pub fn internal_network_role(id: &str) -> Option<&str> {
    stem_before(id.strip_prefix("int_")?, "_network")
}

/// The attachment a network reference means in `template`.
pub fn network_reference<'a>(template: &Template<'a>, value: &'a Node) -> Option<Attachment<'a>> {
    if let Some(read) = direct_read(value) {
        let stem = NETWORK_PARAMETER_SUFFIXES
            .iter()
            .find_map(|suffix| stem_before(read.name, suffix));
        return Some(match read.name.strip_prefix("int_") {
            Some(_) => Attachment {
                reach: Reach::Internal,
                role: stem
                    .and_then(|s| s.strip_prefix("int_"))
                    .filter(|r| !r.is_empty()),
                span: read.name_node.span,
            },
            None => Attachment {
                reach: Reach::External,
                role: stem,
                span: read.name_node.span,
            },
        });
    }
    let id = referenced_resource(value)?;
    let (key, network) = template
        .root
        .get("resources")?
        .as_map()
        .and_then(|resources| resources.entry(id))?;
    resource_type(network)
        .is_some_and(|t| NETWORK_TYPES.contains(&t))
        .then(|| Attachment {
            reach: Reach::Internal,
            role: internal_network_role(&key.text),
            span: value.span,
        })
}

/// The network of an `OS::Neutron::Port` (`network`, or the older `network_id`).
pub fn of_port<'a>(template: &Template<'a>, properties: &'a Mapping) -> Option<Attachment<'a>> {
    let value = properties
        .get("network")
        .or_else(|| properties.get("network_id"))?;
    network_reference(template, value)
}

/// The network of a Contrail VMI or instance IP: the first of its `virtual_network_refs`.
pub fn of_contrail<'a>(template: &Template<'a>, properties: &'a Mapping) -> Option<Attachment<'a>> {
    let first = properties.get("virtual_network_refs")?.as_seq()?.first()?;
    network_reference(template, first)
}

/// The network of a Contrail instance IP: its own `virtual_network_refs`, else that of the
/// first VMI of its `virtual_machine_interface_refs`.
pub fn of_instance_ip<'a>(
    template: &Template<'a>,
    properties: &'a Mapping,
) -> Option<Attachment<'a>> {
    if let Some(own) = of_contrail(template, properties) {
        return Some(own);
    }
    let first = properties
        .get("virtual_machine_interface_refs")?
        .as_seq()?
        .first()?;
    let vmi = template.resource(referenced_resource(first)?)?;
    if resource_type(vmi) != Some(CONTRAIL_VMI) {
        return None;
    }
    of_contrail(template, vmi.get("properties")?.as_map()?)
}

/// The network of a port, VMI or instance IP definition (`None` for other resources).
pub fn of_resource<'a>(template: &Template<'a>, definition: &'a Node) -> Option<Attachment<'a>> {
    let properties = definition.get("properties")?.as_map()?;
    match resource_type(definition)? {
        NEUTRON_PORT => of_port(template, properties),
        CONTRAIL_VMI => of_contrail(template, properties),
        CONTRAIL_INSTANCE_IP => of_instance_ip(template, properties),
        _ => None,
    }
}

/// True when a Contrail instance IP configures an IPv6 address: `instance_ip_family: v6`, an
/// `instance_ip_address` parameter named with `_v6_` (`{vm-type}_{network-role}_v6_ip_{index}`),
/// a `subnet_uuid` read from a `…_v6_subnet_id` parameter, or an id carrying `_v6_IP_`
/// (R-46128, R-87563).
pub fn instance_ip_is_v6(id: &str, properties: &Mapping) -> bool {
    let family_v6 = properties
        .get("instance_ip_family")
        .and_then(Node::as_str)
        .is_some_and(|f| f.eq_ignore_ascii_case("v6"));
    let read = |property: &str| properties.get(property).and_then(direct_read);
    family_v6
        || read("instance_ip_address").is_some_and(|r| r.name.contains("_v6_"))
        || read("subnet_uuid").is_some_and(|r| r.name.ends_with("_v6_subnet_id"))
        || id.contains("_v6_IP_")
}

/// A `{network-role}` named somewhere in the VNF.
#[derive(Clone, Copy, Debug)]
pub struct RoleUse<'a> {
    /// The role as written.
    pub role: &'a str,
    /// Internal or external.
    pub reach: Reach,
    /// The template naming it.
    pub template: Template<'a>,
    /// Where it is named.
    pub span: Span,
}

/// Every `{network-role}` the templates name, in source order: the networks they create
/// (`int_{network-role}_network`) and the networks their ports, VMIs and instance IPs
/// attach to.
pub fn roles<'a>(templates: &[Template<'a>]) -> Vec<RoleUse<'a>> {
    let mut found = Vec::new();
    for template in templates {
        for (id, definition) in template.resources() {
            let named = match resource_type(definition) {
                Some(t) if NETWORK_TYPES.contains(&t) => {
                    internal_network_role(&id.text).map(|role| (role, Reach::Internal, id.span))
                }
                _ => {
                    of_resource(template, definition).and_then(|a| Some((a.role?, a.reach, a.span)))
                }
            };
            if let Some((role, reach, span)) = named {
                found.push(RoleUse {
                    role,
                    reach,
                    template: *template,
                    span,
                });
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::attachment::*;

    #[test]
    fn instance_ip_versions() {
        let properties = |text: &str| {
            crate::input::yaml::parse(
                text.as_bytes(),
                &crate::foundation::limits::YamlLimits::default(),
            )
            .expect("test YAML parses")
            .root
        };
        let v4 = properties("instance_ip_address: {get_param: vfw_oam_ip_0}\n");
        assert!(!instance_ip_is_v6(
            "vfw_0_oam_vmi_0_IP_0",
            v4.as_map().unwrap()
        ));
        assert!(instance_ip_is_v6(
            "vfw_0_oam_vmi_0_v6_IP_0",
            v4.as_map().unwrap()
        ));
        let subnet = properties("subnet_uuid: {get_param: oam_v6_subnet_id}\n");
        assert!(instance_ip_is_v6(
            "vfw_0_oam_vmi_0_IP_0",
            subnet.as_map().unwrap()
        ));
        let family = properties("instance_ip_family: V6\n");
        assert!(instance_ip_is_v6("ip", family.as_map().unwrap()));
        let named = properties("instance_ip_address: {get_param: vfw_oam_v6_ip_0}\n");
        assert!(instance_ip_is_v6("ip", named.as_map().unwrap()));
    }

    #[test]
    fn internal_network_ids() {
        assert_eq!(internal_network_role("int_ctrl_network"), Some("ctrl"));
        assert_eq!(
            internal_network_role("int_ha_sync_network"),
            Some("ha_sync")
        );
        assert_eq!(internal_network_role("int__network"), None);
        assert_eq!(internal_network_role("ctrl_network"), None);
        assert_eq!(internal_network_role("int_ctrl_net"), None);
    }
}
