//! NetworkSection: the logical networks, with port profiles and the `ecs:` network attributes.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::namespace::NsKind;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// The Ericsson (`ecs:`) attributes of a network, as the OVF→HOT mapping reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct NetworkExtension {
    /// `ecs:net_name`: the Neutron network and subnet name (else `ovf:name`).
    pub net_name: Option<String>,
    /// `ecs:category`: `layer2` or `layer3`.
    pub category: Option<String>,
    /// `ecs:enableDHCP` or `ecs:dhcpEnabled`.
    pub enable_dhcp: Option<bool>,
    /// `ecs:IPAddressRange` or `ecs:staticIPAddressRange`: the subnet CIDR.
    pub ip_address_range: Option<String>,
    /// `ecs:external`.
    pub external: Option<bool>,
    /// `ecs:existing`: the network already exists in Neutron.
    pub existing: Option<bool>,
    /// `ecs:networkType` (`flat`, `vlan`, …).
    pub network_type: Option<String>,
    /// `ecs:physicalNetwork`.
    pub physical_network: Option<String>,
    /// `ecs:segmentationId`.
    pub segmentation_id: Option<String>,
    /// `ecs:useEcmSegmentationId`.
    pub use_ecm_segmentation_id: Option<bool>,
    /// Any other vendor attribute, as written.
    pub other: Vec<(String, String)>,
}

/// One `NetworkPortProfile` item: the VLANs a trunk carries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PortProfile {
    /// `epasd:AllowedToTransmitVLANs`.
    pub transmit_vlans: Vec<String>,
    /// `epasd:AllowedToReceiveVLANs`.
    pub receive_vlans: Vec<String>,
    /// Other settings of the profile item.
    pub other: Vec<(String, String)>,
}

/// One logical network.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Network {
    /// `ovf:name`, what `Connection` elements name.
    pub name: Located<String>,
    /// `Description`.
    pub description: Option<LocalizedText>,
    /// `NetworkPortProfile` items.
    pub port_profiles: Vec<PortProfile>,
    /// `NetworkPortProfileURI` values.
    pub port_profile_uris: Vec<String>,
    /// `ecs:` attributes.
    pub extension: NetworkExtension,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// The NetworkSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NetworkSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// The networks.
    pub networks: Vec<Network>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a NetworkSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> NetworkSection {
    let mut networks = Vec::new();
    let path = "NetworkSection/Network";
    for child in reading.children(element) {
        if !child.is_ovf("Network") {
            continue;
        }
        let Some(name) = reading.required_attr(child, "name", path) else {
            continue;
        };
        let mut port_profiles = Vec::new();
        let mut port_profile_uris = Vec::new();
        for part in reading.children(child) {
            if part.is_ovf("NetworkPortProfile") {
                for item in reading.children(part) {
                    port_profiles.push(port_profile(reading, item));
                }
            } else if part.is_ovf("NetworkPortProfileURI") {
                port_profile_uris.push(part.text.trim().to_owned());
            }
        }
        networks.push(Network {
            name,
            description: reading.text_child(child, "Description"),
            port_profiles,
            port_profile_uris,
            extension: extension(reading, child, path),
            span: child.span,
        });
    }
    NetworkSection {
        info: reading.text_child(element, "Info"),
        networks,
        span: element.span,
    }
}

fn port_profile(reading: &Reading<'_>, item: &XmlElement) -> PortProfile {
    let mut profile = PortProfile::default();
    for field in reading.children(item) {
        let value = field.text.trim().to_owned();
        match field.name.local.as_str() {
            "AllowedToTransmitVLANs" => profile.transmit_vlans.push(value),
            "AllowedToReceiveVLANs" => profile.receive_vlans.push(value),
            other => profile.other.push((other.to_owned(), value)),
        }
    }
    profile
}

fn extension(reading: &mut Reading<'_>, element: &XmlElement, path: &str) -> NetworkExtension {
    let mut ext = NetworkExtension::default();
    let attrs: Vec<_> = element
        .attrs
        .iter()
        .filter(|a| a.name.kind == NsKind::Extension)
        .collect();
    for attr in attrs {
        let value = attr.value.clone();
        let what = format!("ecs:{}", attr.name.local);
        match attr.name.local.as_str() {
            "net_name" => ext.net_name = Some(value),
            "category" => ext.category = Some(value),
            "enableDHCP" | "dhcpEnabled" => {
                ext.enable_dhcp = reading.boolean(&value, attr.span, &what, path);
            }
            "IPAddressRange" | "staticIPAddressRange" => ext.ip_address_range = Some(value),
            "external" => ext.external = reading.boolean(&value, attr.span, &what, path),
            "existing" => ext.existing = reading.boolean(&value, attr.span, &what, path),
            "networkType" => ext.network_type = Some(value),
            "physicalNetwork" => ext.physical_network = Some(value),
            "segmentationId" => ext.segmentation_id = Some(value),
            "useEcmSegmentationId" => {
                ext.use_ecm_segmentation_id = reading.boolean(&value, attr.span, &what, path);
            }
            other => ext.other.push((other.to_owned(), value)),
        }
    }
    ext
}
