//! VirtualHardwareSection and ResourceAllocationSection: `Item`, `EthernetPortItem` and
//! `StorageItem` resource settings (CIM RASD, EPASD, SASD) with the `ecs:` NIC extensions.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::namespace::NsKind;
use crate::model::ovf::notice::NoticeKind;
use crate::model::ovf::property::split_list;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::units::AllocationUnits;
use crate::model::ovf::xml::XmlElement;

/// CIM resource types vnfwiz resolves.
pub mod resource_type {
    /// A processor (vCPUs).
    pub const PROCESSOR: u32 = 3;
    /// Memory.
    pub const MEMORY: u32 = 4;
    /// An Ethernet adapter (NIC).
    pub const ETHERNET: u32 = 10;
    /// A disk drive.
    pub const DISK: u32 = 17;
    /// A logical disk (storage items).
    pub const LOGICAL_DISK: u32 = 31;
}

/// Which element an item was written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ItemElement {
    /// `Item` (RASD).
    Item,
    /// `EthernetPortItem` (EPASD).
    EthernetPortItem,
    /// `StorageItem` (SASD).
    StorageItem,
}

/// One `ecs:AllowedAddressPairs` entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AddressPair {
    /// The MAC address, when given.
    pub mac: Option<String>,
    /// The IPv4 or IPv6 address (or CIDR).
    pub ip: String,
}

/// A resource setting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    /// The element it was written as.
    pub element: ItemElement,
    /// `InstanceID`: items sharing one are alternatives for different configurations.
    pub instance_id: Option<Located<String>>,
    /// `ResourceType` (3 CPU, 4 memory, 10 NIC, 17 disk, …).
    pub resource_type: Option<u32>,
    /// `ResourceSubType` (`vmxnet3`, `SR-IOV DIRECT`, `lsilogic`, …).
    pub resource_sub_type: Option<String>,
    /// `ElementName` (OVF 0.9: `Caption`).
    pub element_name: Option<String>,
    /// `Description`.
    pub description: Option<String>,
    /// `AllocationUnits`.
    pub allocation_units: Option<AllocationUnits>,
    /// `VirtualQuantity`.
    pub virtual_quantity: Option<u64>,
    /// `VirtualQuantityUnits`.
    pub virtual_quantity_units: Option<AllocationUnits>,
    /// `Reservation`.
    pub reservation: Option<u64>,
    /// `Limit`.
    pub limit: Option<u64>,
    /// `Weight`.
    pub weight: Option<u64>,
    /// `HostResource` values (`ovf:/disk/<id>`, `ovf:/file/<id>`).
    pub host_resources: Vec<Located<String>>,
    /// `Connection` values: network names.
    pub connections: Vec<Located<String>>,
    /// `Address` (a MAC for NICs).
    pub address: Option<String>,
    /// `AddressOnParent`.
    pub address_on_parent: Option<String>,
    /// `Parent`: the InstanceID of the controller.
    pub parent: Option<Located<String>>,
    /// `AutomaticAllocation`.
    pub automatic_allocation: Option<bool>,
    /// `ovf:configuration`: the options this item applies to (all when absent).
    pub configurations: Option<Vec<Located<String>>>,
    /// `ovf:required` (true when absent).
    pub required: bool,
    /// `ovf:bound` (`min`, `max`, `normal`) for ranges.
    pub bound: Option<String>,
    /// `ecs:staticIPAddress`.
    pub static_ip: Option<String>,
    /// `ecs:AllowedAddressPairs`.
    pub allowed_address_pairs: Vec<AddressPair>,
    /// Other settings by name, as written.
    pub other: Vec<(String, String)>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

impl Item {
    /// Whether the item applies to a deployment option (`None`: no option chosen).
    pub fn applies_to(&self, option: Option<&str>) -> bool {
        match (&self.configurations, option) {
            (None, _) => true,
            (Some(list), Some(o)) => list.iter().any(|c| c.value == o),
            (Some(_), None) => false,
        }
    }

    /// `ovf:bound` as a range end: `Some("min")`/`Some("max")`, `None` for the value itself
    /// (`normal` or no bound).
    pub fn bound_kind(&self) -> Option<&str> {
        self.bound
            .as_deref()
            .map(str::trim)
            .filter(|b| !b.is_empty() && *b != "normal")
    }

    /// The disk id of an `ovf:/disk/<id>` host resource (0.9 writes `/disk/<id>`).
    pub fn disk_ref(&self) -> Option<&Located<String>> {
        self.host_resources
            .iter()
            .find(|h| disk_id(&h.value).is_some())
    }
}

/// The disk id named by a host resource.
pub fn disk_id(host_resource: &str) -> Option<&str> {
    let text = host_resource.trim();
    text.strip_prefix("ovf:/disk/")
        .or_else(|| text.strip_prefix("/disk/"))
}

/// The file id named by a host resource.
pub fn file_id(host_resource: &str) -> Option<&str> {
    let text = host_resource.trim();
    text.strip_prefix("ovf:/file/")
        .or_else(|| text.strip_prefix("/file/"))
}

/// `vssd:` settings of the `System` element.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SystemSettings {
    /// `ElementName`.
    pub element_name: Option<String>,
    /// `InstanceID`.
    pub instance_id: Option<String>,
    /// `VirtualSystemIdentifier`.
    pub virtual_system_identifier: Option<String>,
    /// `VirtualSystemType` (`vmx-13`, `virtualbox-2.2`, …).
    pub virtual_system_type: Option<String>,
}

/// A VirtualHardwareSection or a ResourceAllocationSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HardwareSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// `ovf:transport` entries (`iso`, `com.vmware.guestInfo`).
    pub transport: Vec<String>,
    /// `System`.
    pub system: Option<SystemSettings>,
    /// The items in document order.
    pub items: Vec<Item>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a VirtualHardwareSection or ResourceAllocationSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement, owner: &str) -> HardwareSection {
    let mut items = Vec::new();
    let mut system = None;
    for child in reading.children(element) {
        let kind = match child.name.local.as_str() {
            _ if child.name.kind != NsKind::Ovf => continue,
            "Item" => ItemElement::Item,
            "EthernetPortItem" => ItemElement::EthernetPortItem,
            "StorageItem" => ItemElement::StorageItem,
            "System" => {
                system = Some(system_settings(reading, child));
                continue;
            }
            _ => continue,
        };
        items.push(read_item(reading, child, kind, owner));
    }
    check_bounds(reading, &items, owner);
    check_overrides(reading, &items, owner);
    HardwareSection {
        info: reading.text_child(element, "Info"),
        transport: element
            .ovf_value("transport")
            .map(|t| t.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default(),
        system,
        items,
        span: element.span,
    }
}

/// An `ovf:bound` min or max item widens a setting whose value an item without a bound (or
/// `normal`) gives; a range without that value sizes nothing.
fn check_bounds(reading: &mut Reading<'_>, items: &[Item], owner: &str) {
    for item in items.iter().filter(|i| i.bound_kind().is_some()) {
        let Some(id) = &item.instance_id else {
            continue;
        };
        // The value must hold wherever the range does: for every option, or for the same ones.
        let options = |i: &Item| {
            i.configurations
                .as_ref()
                .map(|list| list.iter().map(|c| c.value.clone()).collect::<Vec<_>>())
        };
        let has_value = items.iter().any(|other| {
            other.bound_kind().is_none()
                && (other.configurations.is_none() || options(other) == options(item))
                && other
                    .instance_id
                    .as_ref()
                    .is_some_and(|o| o.value == id.value)
        });
        if !has_value {
            reading.notice(
                NoticeKind::Missing,
                item.span,
                owner,
                format!(
                    "InstanceID `{}` has an ovf:bound=\"{}\" item but no item with its value (ovf:bound=\"normal\" or no bound)",
                    id.value,
                    item.bound_kind().unwrap_or_default()
                ),
            );
        }
    }
}

/// Two option-specific items of one InstanceID that both apply to an option: the one
/// naming fewer options is used there (as VMware's tools do); equally specific ones are
/// OVF-duplicate-id's.
fn check_overrides(reading: &mut Reading<'_>, items: &[Item], owner: &str) {
    for (at, broad) in items.iter().enumerate() {
        let (Some(id), Some(broad_options)) = (&broad.instance_id, &broad.configurations) else {
            continue;
        };
        let narrower = items.iter().enumerate().find(|(other_at, other)| {
            *other_at != at
                && other.bound_kind() == broad.bound_kind()
                && other
                    .instance_id
                    .as_ref()
                    .is_some_and(|o| o.value == id.value)
                && other.configurations.as_ref().is_some_and(|narrow| {
                    narrow.len() < broad_options.len()
                        && narrow
                            .iter()
                            .any(|n| broad_options.iter().any(|b| b.value == n.value))
                })
        });
        if let Some((_, narrow)) = narrower {
            let list = |options: &[Located<String>]| {
                options
                    .iter()
                    .map(|o| o.value.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let narrow_options = narrow.configurations.as_deref().unwrap_or_default();
            reading.notice(
                NoticeKind::OptionOverride,
                broad.span,
                owner,
                format!(
                    "the items of InstanceID `{}` for `{}` and for `{}` both apply to `{}`; the one for `{}` is used there",
                    id.value,
                    list(broad_options),
                    list(narrow_options),
                    list(narrow_options),
                    list(narrow_options)
                ),
            );
        }
    }
}

/// How many options an item names (`usize::MAX` for an item of every option), so the
/// item naming fewer wins where two apply.
pub fn option_count(item: &Item) -> usize {
    item.configurations.as_ref().map_or(usize::MAX, Vec::len)
}

fn system_settings(reading: &Reading<'_>, element: &XmlElement) -> SystemSettings {
    let mut settings = SystemSettings::default();
    for field in reading.children(element) {
        let text = Some(field.text.trim().to_owned());
        match field.name.local.as_str() {
            "ElementName" => settings.element_name = text,
            "InstanceID" | "InstanceId" => settings.instance_id = text,
            "VirtualSystemIdentifier" => settings.virtual_system_identifier = text,
            "VirtualSystemType" => settings.virtual_system_type = text,
            _ => {}
        }
    }
    settings
}

fn read_item(
    reading: &mut Reading<'_>,
    element: &XmlElement,
    kind: ItemElement,
    owner: &str,
) -> Item {
    let path = format!("{owner}/{}", element.name.local);
    let mut item = Item {
        element: kind,
        instance_id: None,
        resource_type: None,
        resource_sub_type: None,
        element_name: None,
        description: None,
        allocation_units: None,
        virtual_quantity: None,
        virtual_quantity_units: None,
        reservation: None,
        limit: None,
        weight: None,
        host_resources: Vec::new(),
        connections: Vec::new(),
        address: None,
        address_on_parent: None,
        parent: None,
        automatic_allocation: None,
        configurations: element
            .ovf_attr("configuration")
            .map(|a| split_list(&a.value, a.span)),
        required: reading.required(element, &path).0,
        bound: element.ovf_value("bound").map(str::to_owned),
        static_ip: None,
        allowed_address_pairs: Vec::new(),
        other: Vec::new(),
        span: element.span,
    };
    let mut caption = None;
    for field in reading.children(element) {
        let text = field.text.trim().to_owned();
        let located = Located::new(text.clone(), field.span);
        let name = field.name.local.as_str();
        let what = format!("<{}>", field.qname);
        if field.name.kind == NsKind::CimSettings && text.is_empty() && typed_setting(name) {
            reading.notice(
                NoticeKind::EmptySetting,
                field.span,
                &path,
                format!("{what} is empty; read as absent"),
            );
            continue;
        }
        match field.name.kind {
            NsKind::CimSettings => match name {
                "InstanceID" | "InstanceId" => item.instance_id = Some(located),
                "ResourceType" => {
                    item.resource_type = reading
                        .number(&text, field.span, &what, &path)
                        .and_then(|n| u32::try_from(n).ok());
                }
                "ResourceSubType" => item.resource_sub_type = Some(text),
                "ElementName" => item.element_name = Some(text),
                "Caption" => caption = Some(text),
                "Description" => item.description = Some(text),
                "AllocationUnits" => {
                    item.allocation_units = reading.units(&text, field.span, &path)
                }
                "VirtualQuantityUnits" => {
                    item.virtual_quantity_units = reading.units(&text, field.span, &path);
                }
                "VirtualQuantity" => {
                    item.virtual_quantity = reading.number(&text, field.span, &what, &path);
                }
                "Reservation" => item.reservation = reading.number(&text, field.span, &what, &path),
                "Limit" => item.limit = reading.number(&text, field.span, &what, &path),
                "Weight" => item.weight = reading.number(&text, field.span, &what, &path),
                "HostResource" => {
                    let value = host_resource(reading, &located, &path);
                    item.host_resources.push(Located::new(value, located.span));
                }
                "Connection" => item.connections.push(located),
                "Address" => item.address = Some(text),
                "AddressOnParent" => item.address_on_parent = Some(text),
                "Parent" => item.parent = Some(located),
                "AutomaticAllocation" => {
                    item.automatic_allocation = reading.boolean(&text, field.span, &what, &path);
                }
                _ => {
                    if !cim_property(name) && reading.required(field, &path).0 {
                        reading.notice(
                            NoticeKind::UnknownSetting,
                            field.span,
                            &path,
                            format!("{what} is not a CIM resource setting vnfwiz knows, and it is required (ovf:required is not false)"),
                        );
                    }
                    item.other.push((name.to_owned(), text));
                }
            },
            NsKind::Extension if name == "staticIPAddress" => item.static_ip = Some(text),
            NsKind::Extension if name == "AllowedAddressPairs" => {
                item.allowed_address_pairs = address_pairs(&text);
            }
            _ => item.other.push((field.qname.clone(), text)),
        }
    }
    if item.element_name.is_none() {
        item.element_name = caption;
    }
    let name = &element.qname;
    if item.instance_id.is_none() {
        reading.notice(
            NoticeKind::Missing,
            element.span,
            &path,
            format!("<{name}> has no rasd:InstanceID; every item needs one"),
        );
    }
    if item.resource_type.is_none() && kind == ItemElement::Item {
        reading.notice(
            NoticeKind::Missing,
            element.span,
            &path,
            format!("<{name}> has no rasd:ResourceType, so what device it is stays unknown"),
        );
    }
    item
}

/// The properties of CIM_ResourceAllocationSettingData and its Ethernet-port and storage
/// subclasses (and VMware 0.9's `BusNumber` and `InstanceId`).
fn cim_property(name: &str) -> bool {
    const KNOWN: &[&str] = &[
        "Access",
        "Address",
        "AddressOnParent",
        "AllocationUnits",
        "AllowedPriorities",
        "AllowedToReceiveMACAddresses",
        "AllowedToReceiveVLANs",
        "AllowedToTransmitMACAddresses",
        "AllowedToTransmitVLANs",
        "AutomaticAllocation",
        "AutomaticDeallocation",
        "BusNumber",
        "Caption",
        "ChangeableType",
        "ConfigurationName",
        "Connection",
        "ConsumerVisibility",
        "DefaultPortVID",
        "DefaultPriority",
        "Description",
        "DesiredVLANEndpointMode",
        "ElementName",
        "Generation",
        "GroupID",
        "HostExtentName",
        "HostExtentNameFormat",
        "HostExtentNameNamespace",
        "HostExtentStartingAddress",
        "HostResource",
        "HostResourceBlockSize",
        "InstanceID",
        "InstanceId",
        "Limit",
        "ManagerID",
        "MappingBehavior",
        "NetworkPortProfileID",
        "NetworkPortProfileIDType",
        "OtherEndpointMode",
        "OtherHostExtentNameFormat",
        "OtherHostExtentNameNamespace",
        "OtherNetworkPortProfileIDTypeInfo",
        "OtherResourceType",
        "Parent",
        "PoolID",
        "PortCorrelationID",
        "PortVID",
        "Promiscuous",
        "ReceiveBandwidthLimit",
        "ReceiveBandwidthReservation",
        "Reservation",
        "ResourceSubType",
        "ResourceType",
        "SourceMACFilteringEnabled",
        "VSIInstanceID",
        "VSIManagerID",
        "VSITypeID",
        "VSITypeIDVersion",
        "VirtualQuantity",
        "VirtualQuantityUnits",
        "VirtualResourceBlockSize",
        "Weight",
    ];
    KNOWN.binary_search(&name).is_ok()
}

/// A host resource as DSP0243 writes it; VirtualCenter 2.5's `ovf://disk/<id>` (and
/// `ovf://file/<id>`) is read as `ovf:/disk/<id>` with a notice.
fn host_resource(reading: &mut Reading<'_>, value: &Located<String>, path: &str) -> String {
    let text = value.value.trim();
    let Some(rest) = text.strip_prefix("ovf://") else {
        return value.value.clone();
    };
    let fixed = format!("ovf:/{rest}");
    reading.notice(
        NoticeKind::HostResource,
        value.span,
        path,
        format!("host resource `{text}` is written with two slashes; read as `{fixed}`"),
    );
    fixed
}

/// Whether a CIM setting holds a number, unit, flag or reference, for which an empty
/// element is no value (an empty text setting is just empty text).
fn typed_setting(name: &str) -> bool {
    matches!(
        name,
        "InstanceID"
            | "InstanceId"
            | "ResourceType"
            | "AllocationUnits"
            | "VirtualQuantityUnits"
            | "VirtualQuantity"
            | "Reservation"
            | "Limit"
            | "Weight"
            | "Parent"
            | "AutomaticAllocation"
    )
}

/// `mac|ip;mac|ip;` (a bare `ip` has no MAC).
fn address_pairs(text: &str) -> Vec<AddressPair> {
    text.split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|pair| match pair.split_once('|') {
            Some((mac, ip)) => AddressPair {
                mac: Some(mac.trim().to_owned()).filter(|m| !m.is_empty()),
                ip: ip.trim().to_owned(),
            },
            None => AddressPair {
                mac: None,
                ip: pair.to_owned(),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_allowed_address_pairs() {
        let pairs = address_pairs(
            "AA:bb:22:11:CC:12|192.168.5.2;BB:bb:22:11:CC:13|193.168.5.3;\n10.0.0.0/24",
        );
        assert_eq!(pairs.len(), 3);
        assert_eq!(pairs[0].mac.as_deref(), Some("AA:bb:22:11:CC:12"));
        assert_eq!(pairs[1].ip, "193.168.5.3");
        assert_eq!(pairs[2].mac, None);
    }

    #[test]
    fn the_cim_property_list_stays_sorted_for_its_binary_search() {
        assert!(cim_property("Weight") && cim_property("Access") && cim_property("InstanceId"));
        assert!(!cim_property("Unknown"));
    }

    #[test]
    fn host_resources_name_disks_and_files() {
        assert_eq!(disk_id("ovf:/disk/vmdisk1"), Some("vmdisk1"));
        assert_eq!(disk_id("/disk/vmdisk1"), Some("vmdisk1"));
        assert_eq!(file_id("ovf:/file/iso"), Some("iso"));
        assert_eq!(disk_id("nonexistent.vmdk"), None);
    }
}
