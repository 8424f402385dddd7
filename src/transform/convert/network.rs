//! NetworkSection → `OS::Neutron::Net` or `OS::Neutron::ProviderNet` with an
//! `OS::Neutron::Subnet`: ONAP internal networks `int_{network-role}_network` (R-25720),
//! each with a subnet (R-16241); `ecs:existing` and `ecs:external` networks are ONAP
//! external networks, which the stack never creates (R-16968): parameters
//! `{network-role}_net_name` ONAP fills at instantiation (R-62983, R-29872). The VLANs of
//! port profiles become one internal network per VLAN, for trunk subports.

use std::collections::HashMap;

use crate::input::yaml::Node;
use crate::input::yaml::write::string;
use crate::model::hot::parameters::ParameterType;
use crate::model::ovf::sections::Network;

use super::draft::{BASE, Parameter, Ref, boolean, get_resource, int};
use super::{Converter, NoteLevel};

const SECTION: &str = "NetworkSection";

/// What ports need to know about one OVF network.
#[derive(Clone, Debug)]
pub struct NetworkRefs {
    /// The Neutron network: a resource, or the parameter naming an existing one (declared
    /// on first use, as every parameter must be read).
    net: NetRef,
    /// The subnet created for it, when there is one.
    pub subnet: Option<Ref>,
    /// Its VLANs for trunk subports: (VLAN id, network of that VLAN).
    pub vlans: Vec<(u16, Ref)>,
    /// The `{network-role}`, for port names.
    pub label: String,
    /// True for an ONAP internal network (created by the stack).
    pub internal: bool,
}

/// A network created by the stack, or one that exists already.
#[derive(Clone, Debug)]
enum NetRef {
    /// A resource of the base template.
    Created(Ref),
    /// An existing network: its parameter once declared, with the declaration to make.
    Existing {
        declared: Option<String>,
        hint: String,
        parameter: Parameter,
    },
}

/// Every network by `ovf:name`.
#[derive(Debug, Default)]
pub struct Networks {
    by_name: HashMap<String, NetworkRefs>,
}

impl Networks {
    /// The network an adapter's `Connection` names.
    pub fn get(&self, name: &str) -> Option<&NetworkRefs> {
        self.by_name.get(name)
    }
}

/// The Neutron network of OVF network `name`, declaring an existing network's parameter
/// the first time it is needed (without a value: ONAP supplies it, R-29872).
pub fn net(c: &mut Converter<'_>, name: &str) -> Option<Ref> {
    let (hint, parameter) = match &c.networks.by_name.get(name)?.net {
        NetRef::Created(reference) => return Some(reference.clone()),
        NetRef::Existing {
            declared: Some(parameter),
            ..
        } => return Some(Ref::Param(parameter.clone())),
        NetRef::Existing {
            hint, parameter, ..
        } => (hint.clone(), parameter.clone()),
    };
    let declared_name = c.out.parameter(BASE, &hint, "net_name", parameter);
    c.out.group(super::identity::SUPPLIED, &declared_name);
    if let Some(NetworkRefs {
        net: NetRef::Existing { declared, .. },
        ..
    }) = c.networks.by_name.get_mut(name)
    {
        *declared = Some(declared_name.clone());
    }
    Some(Ref::Param(declared_name))
}

/// Declares every network of the NetworkSection in the base template.
pub fn declare(c: &mut Converter<'_>) {
    let envelope = c.envelope;
    for network in envelope.networks() {
        let refs = if network.extension.existing == Some(true) {
            existing(c, network)
        } else if network.extension.external == Some(true) {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject(network),
                "is external (ecs:external); ONAP creates external networks through VID or SO, never a VNF's stack, so the template takes it as a parameter and its provider settings are left to whoever creates it",
            );
            existing(c, network)
        } else {
            created(c, network)
        };
        c.networks.by_name.insert(network.name.value.clone(), refs);
    }
    for name in envelope.undeclared_networks() {
        let refs = undeclared(c, name);
        c.networks.by_name.insert(name.to_owned(), refs);
    }
}

/// A network adapters connect to that the NetworkSection does not declare (VMware's
/// `VM Network`): an existing network, as vSphere maps the name at deployment, named by a
/// parameter ONAP fills.
fn undeclared(c: &mut Converter<'_>, name: &str) -> NetworkRefs {
    let label = c.network_role(name);
    let hint = format!("{label}_net_name");
    c.note(
        NoteLevel::Warning,
        SECTION,
        format!("Network[{name}]"),
        format!(
            "adapters connect to `{name}`, which the NetworkSection does not declare; it is taken as an existing network named by parameter `{hint}`, as vSphere maps it at deployment"
        ),
    );
    let parameter = Parameter::new(
        ParameterType::String,
        format!(
            "Name of the existing Neutron network for OVF network `{name}`, which the adapters connect to without a NetworkSection declaration; supplied by ONAP at instantiation"
        ),
    );
    NetworkRefs {
        net: NetRef::Existing {
            declared: None,
            hint,
            parameter,
        },
        subnet: None,
        vlans: Vec::new(),
        label,
        internal: false,
    }
}

fn subject(network: &Network) -> String {
    format!("Network[{}]", network.name.value)
}

/// `ecs:existing` (or `ecs:external`): an ONAP external network, named by the parameter
/// ONAP fills; the OVF's Neutron name stays in the description.
fn existing(c: &mut Converter<'_>, network: &Network) -> NetworkRefs {
    let ext = &network.extension;
    let neutron_name = ext.net_name.clone().unwrap_or(network.name.value.clone());
    let label = c.network_role(&network.name.value);
    let mut parameter = Parameter::new(
        ParameterType::String,
        format!(
            "Name of the external Neutron network for OVF network {} (the OVF names `{neutron_name}`), supplied by ONAP at instantiation",
            network.name.value
        ),
    );
    parameter.label = c.text(&network.description);
    if !network.port_profiles.is_empty() {
        c.note(
            NoteLevel::Warning,
            SECTION,
            subject(network),
            "the network already exists, so the VLAN networks of its port profile are not created; trunk subports are left out",
        );
    }
    NetworkRefs {
        net: NetRef::Existing {
            declared: None,
            hint: format!("{label}_net_name"),
            parameter,
        },
        subnet: None,
        vlans: Vec::new(),
        label,
        internal: false,
    }
}

fn created(c: &mut Converter<'_>, network: &Network) -> NetworkRefs {
    let ext = &network.extension;
    let label = c.network_role(&network.name.value);
    let neutron_name = ext.net_name.clone().unwrap_or(network.name.value.clone());
    let mut segmentation_id = ext.segmentation_id.clone();
    if ext.use_ecm_segmentation_id == Some(true) && segmentation_id.is_some() {
        c.note(
            NoteLevel::Warning,
            SECTION,
            subject(network),
            "ecs:useEcmSegmentationId=\"true\" asks Ericsson Cloud Manager to pick the VLAN; Neutron picks it here, so ecs:segmentationId is left out",
        );
        segmentation_id = None;
    }
    let provider =
        ext.network_type.is_some() || ext.physical_network.is_some() || segmentation_id.is_some();
    let mut properties: Vec<(&str, Node)> =
        vec![("name", super::identity::name(c, BASE, &neutron_name))];
    let kind = if provider {
        let network_type = ext.network_type.clone().unwrap_or_else(|| {
            if segmentation_id.is_some() {
                "vlan".to_owned()
            } else {
                "flat".to_owned()
            }
        });
        properties.push(("network_type", string(network_type)));
        if let Some(physical) = &ext.physical_network {
            properties.push(("physical_network", string(physical.clone())));
        }
        if let Some(id) = &segmentation_id {
            properties.push(("segmentation_id", string(id.clone())));
        }
        "OS::Neutron::ProviderNet"
    } else {
        "OS::Neutron::Net"
    };
    let net = c.out.resource(
        BASE,
        &format!("int_{label}_network"),
        "int_network",
        kind,
        properties,
    );
    // ONAP models every internal network with a subnet (R-16241): a layer-2 network
    // without a range gets one without DHCP on a CIDR the operator gives.
    let layer2 = ext
        .category
        .as_deref()
        .is_some_and(|k| k.eq_ignore_ascii_case("layer2"));
    let dhcp = if layer2 && ext.ip_address_range.is_none() {
        Some(false)
    } else {
        ext.enable_dhcp.or_else(|| ip_assignment_dhcp(c.envelope))
    };
    let own_subnet = subnet(
        c,
        &label,
        &neutron_name,
        &net,
        ext.ip_address_range.as_deref(),
        dhcp,
    );
    let vlans = vlans(c, network)
        .into_iter()
        .map(|vid| {
            let vlan_name = format!("{neutron_name}_{vid}");
            let vlan_label = format!("{label}_vlan{vid}");
            let vlan_net_name = super::identity::name(c, BASE, &vlan_name);
            let vlan_net = c.out.resource(
                BASE,
                &format!("int_{vlan_label}_network"),
                "int_network",
                "OS::Neutron::Net",
                vec![("name", vlan_net_name)],
            );
            subnet(c, &vlan_label, &vlan_name, &vlan_net, None, None);
            (vid, Ref::Resource(vlan_net))
        })
        .collect();
    NetworkRefs {
        net: NetRef::Created(Ref::Resource(net)),
        subnet: Some(Ref::Resource(own_subnet)),
        vlans,
        label,
        internal: true,
    }
}

/// DHCP as VMware's `vmw:IpAssignmentSection` asks for it: on when its schemes include
/// `dhcp`, off when they name only others (`ovfenv`, `fixed`), unsaid without the section.
pub fn ip_assignment_dhcp(envelope: &crate::model::ovf::Envelope) -> Option<bool> {
    let section = envelope
        .vmware
        .iter()
        .find(|s| s.kind == crate::model::ovf::sections::VmwareKind::IpAssignment)?;
    let schemes = section.list("schemes");
    if schemes.is_empty() {
        return None;
    }
    Some(schemes.iter().any(|s| s == "dhcp"))
}

/// A subnet on `net`: the CIDR as written, else a parameter the operator answers.
fn subnet(
    c: &mut Converter<'_>,
    label: &str,
    neutron_name: &str,
    net: &str,
    cidr: Option<&str>,
    dhcp: Option<bool>,
) -> String {
    let cidr_value = match cidr {
        Some(range) => string(range),
        None => {
            let parameter = Parameter::new(
                ParameterType::String,
                format!(
                    "CIDR of the subnet of network {neutron_name} (the OVF gives no ecs:IPAddressRange)"
                ),
            );
            let name = c.out.parameter(
                BASE,
                &format!("int_{label}_subnet_cidr"),
                "subnet_cidr",
                parameter,
            );
            c.out.group("Networks", &name);
            super::draft::get_param(&name)
        }
    };
    let mut properties = vec![
        (
            "name",
            super::identity::name(c, BASE, &format!("{neutron_name}_subnet")),
        ),
        ("network", get_resource(net)),
        ("cidr", cidr_value),
    ];
    if cidr.is_some_and(|r| r.contains(':')) {
        properties.push(("ip_version", int(6)));
    }
    if let Some(dhcp) = dhcp {
        properties.push(("enable_dhcp", boolean(dhcp)));
    }
    c.out.resource(
        BASE,
        &format!("int_{label}_subnet"),
        "int_subnet",
        "OS::Neutron::Subnet",
        properties,
    )
}

/// The distinct VLAN ids of a network's port profiles, in order; ids that are not
/// 1–4094 are reported and skipped.
fn vlans(c: &mut Converter<'_>, network: &Network) -> Vec<u16> {
    let mut out: Vec<u16> = Vec::new();
    for text in network
        .port_profiles
        .iter()
        .flat_map(|p| p.transmit_vlans.iter().chain(p.receive_vlans.iter()))
    {
        match text.trim().parse::<u16>() {
            Ok(vid) if (1..=4094).contains(&vid) => {
                if !out.contains(&vid) {
                    out.push(vid);
                }
            }
            _ => c.note(
                NoteLevel::Warning,
                SECTION,
                subject(network),
                format!("`{text}` is not a VLAN id from 1 to 4094; it is left out of the trunk"),
            ),
        }
    }
    out
}
