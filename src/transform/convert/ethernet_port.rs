//! Ethernet adapters (ResourceType 10) → `OS::Neutron::Port` in `AddressOnParent` order,
//! with the MAC address, `ecs:staticIPAddress`, `ecs:AllowedAddressPairs` and
//! `binding:vnic_type` for SR-IOV subtypes; on a network with VLANs, a trunk
//! (`OS::Neutron::Trunk`) whose subports sit on the VLAN networks.

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, seq, string};
use crate::model::ovf::{ResolvedNic, SystemHardware};

use super::draft::{DraftId, get_attr, get_resource, int};
use super::{Converter, NoteLevel};

const SECTION: &str = "VirtualHardwareSection";

/// The `binding:vnic_type` for a `ResourceSubType`, read whole (`SR-IOV DIRECT`) and
/// then as a list of alternatives (COT writes `VMXNET3 virtio`); `None` for ordinary
/// virtual NICs.
pub fn vnic_type(sub_type: &str) -> Option<&'static str> {
    fn kind(text: &str) -> Option<&'static str> {
        let compact: String = text
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        Some(match compact.as_str() {
            "sriov" | "sriovdirect" | "sriovethernetcard" | "direct" => "direct",
            "sriovmacvtap" | "macvtap" => "macvtap",
            "sriovdirectphysical" | "directphysical" | "pcipassthrough" => "direct-physical",
            "virtioforwarder" => "virtio-forwarder",
            "smartnic" => "smart-nic",
            "baremetal" => "baremetal",
            _ => return None,
        })
    }
    kind(sub_type).or_else(|| {
        sub_type
            .split([',', ' '])
            .filter(|t| !t.is_empty())
            .find_map(kind)
    })
}

/// `00-16-8B-DB-00-5E` → `00:16:8b:db:00:5e`.
fn mac(text: &str) -> String {
    text.trim().replace('-', ":").to_ascii_lowercase()
}

/// Orders adapters by `AddressOnParent` (numerically when it is a number), keeping the
/// document order among equals and placing adapters without one last.
fn ordered(nics: &[ResolvedNic]) -> Vec<&ResolvedNic> {
    let mut sorted: Vec<&ResolvedNic> = nics.iter().collect();
    sorted.sort_by_key(|n| match n.address_on_parent.as_deref().map(str::trim) {
        Some(slot) => match slot.parse::<u64>() {
            Ok(number) => (0, number, String::new()),
            Err(_) => (1, 0, slot.to_owned()),
        },
        None => (2, 0, String::new()),
    });
    sorted
}

/// Declares the ports of a system in `draft`; returns the server's `networks` entries.
pub fn ports(
    c: &mut Converter<'_>,
    system: usize,
    draft: DraftId,
    hardware: &SystemHardware,
) -> Vec<Node> {
    let envelope = c.envelope;
    let content = &envelope.contents[system];
    let label = content.label();
    let system_id = content.id.value.clone();
    let vm = c.vm_type(system);
    let nested = c.out.is_nested(draft);
    let mut counts: std::collections::HashMap<String, usize> = Default::default();
    let mut entries = Vec::new();
    for (position, nic) in ordered(&hardware.nics).into_iter().enumerate() {
        let Some(network_name) = nic.network.as_deref() else {
            c.note(
                NoteLevel::Warning,
                SECTION,
                label.clone(),
                format!(
                    "network adapter {} has no Connection, so it gets no port",
                    position + 1
                ),
            );
            continue;
        };
        let Some(network) = c.networks.get(network_name).cloned() else {
            // Every Connection names a declared or an undeclared network (network::declare).
            continue;
        };
        let count = counts.entry(network.label.clone()).or_insert(0);
        let n = *count;
        *count += 1;
        let port_name = nic
            .name
            .clone()
            .unwrap_or_else(|| format!("adapter {}", position + 1));
        let Some(net) = super::network::net(c, network_name) else {
            continue;
        };
        let network_value = c.out.reference(draft, &net);
        let port_label = super::identity::name(c, draft, &format!("{system_id} {port_name}"));
        let mut properties = vec![("network", network_value), ("name", port_label)];
        // `{vm-type}_{vm-type_index}_[int_]{network-role}`: the VM is copy 0 of its type.
        let side = if network.internal {
            format!("{vm}_0_int_{}", network.label)
        } else {
            format!("{vm}_0_{}", network.label)
        };
        if nested && (nic.mac.is_some() || nic.static_ip.is_some()) {
            c.note(
                NoteLevel::Warning,
                SECTION,
                label.clone(),
                format!("adapter `{port_name}` has a fixed MAC or IP address, which the scaled-out copies cannot share; Neutron assigns them"),
            );
        } else {
            if let Some(address) = &nic.mac {
                properties.push(("mac_address", string(mac(address))));
            }
            if let Some(ip) = &nic.static_ip {
                let mut fixed = vec![("ip_address", string(ip.trim()))];
                if let Some(subnet) = &network.subnet {
                    fixed.insert(0, ("subnet", c.out.reference(draft, subnet)));
                }
                properties.push(("fixed_ips", seq([map(fixed)])));
            }
        }
        if !nic.allowed_address_pairs.is_empty() {
            let pairs = nic.allowed_address_pairs.iter().map(|pair| {
                let mut entry = vec![("ip_address", string(pair.ip.clone()))];
                if let Some(address) = &pair.mac {
                    entry.push(("mac_address", string(mac(address))));
                }
                map(entry)
            });
            properties.push(("allowed_address_pairs", seq(pairs)));
        }
        if let Some(kind) = nic.sub_type.as_deref().and_then(vnic_type) {
            properties.push(("binding:vnic_type", string(kind)));
        }
        let port = c.out.resource(
            draft,
            &format!("{side}_port_{n}"),
            "port",
            "OS::Neutron::Port",
            properties,
        );
        if network.vlans.is_empty() {
            entries.push(map([("port", get_resource(&port))]));
            continue;
        }
        let mut sub_ports = Vec::new();
        for (vid, vlan_net) in &network.vlans {
            let vid_text = vid.to_string();
            let vlan_network = c.out.reference(draft, vlan_net);
            let subport_name =
                super::identity::name(c, draft, &format!("{system_id} {port_name} VLAN {vid}"));
            let subport = c.out.resource(
                draft,
                &format!("{vm}_0_int_{}_vlan{vid_text}_port_{n}", network.label),
                "subport",
                "OS::Neutron::Port",
                vec![("network", vlan_network), ("name", subport_name)],
            );
            sub_ports.push(map([
                ("port", get_resource(&subport)),
                ("segmentation_type", string("vlan")),
                ("segmentation_id", int(i64::from(*vid))),
            ]));
        }
        let trunk = c.out.resource(
            draft,
            &format!("{side}_trunk_{n}"),
            "trunk",
            "OS::Neutron::Trunk",
            vec![("port", get_resource(&port)), ("sub_ports", seq(sub_ports))],
        );
        // The server attaches through the trunk's parent port, once the trunk exists.
        entries.push(map([("port", get_attr(&trunk, "port_id"))]));
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sriov_subtypes_map_to_vnic_types() {
        assert_eq!(vnic_type("SR-IOV DIRECT"), Some("direct"));
        assert_eq!(vnic_type("SriovEthernetCard"), Some("direct"));
        assert_eq!(vnic_type("SR-IOV MACVTAP"), Some("macvtap"));
        assert_eq!(vnic_type("SR-IOV DIRECT-PHYSICAL"), Some("direct-physical"));
        assert_eq!(vnic_type("VMXNET3 virtio"), None);
        assert_eq!(vnic_type("E1000"), None);
    }

    #[test]
    fn adapters_are_ordered_by_address_on_parent() {
        let nic = |slot: Option<&str>, name: &str| ResolvedNic {
            network: None,
            name: Some(name.into()),
            sub_type: None,
            mac: None,
            static_ip: None,
            address_on_parent: slot.map(str::to_owned),
            allowed_address_pairs: Vec::new(),
        };
        let nics = [
            nic(Some("10"), "c"),
            nic(None, "z"),
            nic(Some("7"), "a"),
            nic(Some("9"), "b"),
        ];
        let names: Vec<_> = ordered(&nics)
            .iter()
            .map(|n| n.name.clone().unwrap())
            .collect();
        assert_eq!(names, ["a", "b", "c", "z"]);
        assert_eq!(mac("00-16-8B-DB-00-5E"), "00:16:8b:db:00:5e");
    }
}
