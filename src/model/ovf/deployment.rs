//! Deployment options applied: which items a chosen option selects, and each virtual
//! system's resolved hardware (vCPUs, RAM, disks, NICs) for it.

use std::collections::HashMap;

use serde::Serialize;

use super::envelope::{Content, Envelope};
use super::sections::hardware::{self, Item, ItemElement, resource_type};
use super::sections::{AddressPair, Capacity, HardwareSection, VmwareKind};
use super::units::AllocationUnits;

/// A disk of a virtual system, sized for the chosen option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResolvedDisk {
    /// The disk's `ovf:diskId`.
    pub disk_id: String,
    /// Capacity in bytes, when known.
    pub bytes: Option<u128>,
    /// The property holding the capacity, for `${key}` capacities.
    pub capacity_property: Option<String>,
    /// The File holding the disk image (none for an empty disk).
    pub file_ref: Option<String>,
    /// `ecs:volumeType` (SATA or SSD): the disk is a block storage volume.
    pub volume_type: Option<String>,
    /// True for a disk of a SharedDiskSection.
    pub shared: bool,
}

impl ResolvedDisk {
    /// The capacity in GiB, rounded up (what a flavor's `disk` needs).
    pub fn gib_rounded_up(&self) -> Option<u128> {
        self.bytes.map(|b| b.div_ceil(1 << 30))
    }
}

/// A network adapter of a virtual system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResolvedNic {
    /// The network its `Connection` names.
    pub network: Option<String>,
    /// `ElementName` (the port's name).
    pub name: Option<String>,
    /// `ResourceSubType` (`vmxnet3`, `SR-IOV DIRECT`, …).
    pub sub_type: Option<String>,
    /// `Address`: a fixed MAC.
    pub mac: Option<String>,
    /// `ecs:staticIPAddress`.
    pub static_ip: Option<String>,
    /// `AddressOnParent`: the adapter's slot, which orders the adapters.
    pub address_on_parent: Option<String>,
    /// `ecs:AllowedAddressPairs`.
    pub allowed_address_pairs: Vec<AddressPair>,
}

/// The hardware one virtual system gets for one deployment option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SystemHardware {
    /// The system's `ovf:id`.
    pub system: String,
    /// Where the settings come from: `VirtualHardwareSection`, a collection's
    /// `ResourceAllocationSection`, or none.
    pub source: Option<String>,
    /// Virtual CPUs.
    pub vcpus: Option<u64>,
    /// Memory in MiB, rounded up.
    pub memory_mib: Option<u128>,
    /// Disks attached through `ovf:/disk/<id>` host resources.
    pub disks: Vec<ResolvedDisk>,
    /// Network adapters in order.
    pub nics: Vec<ResolvedNic>,
}

/// The items a deployment option selects: for each InstanceID the item made for the option
/// (the one naming fewest options), else the one that applies to all; items of other options
/// and `ovf:bound` min and max items drop out. Document order is kept.
pub fn effective_items<'a>(items: &'a [Item], option: Option<&str>) -> Vec<&'a Item> {
    let mut chosen: Vec<&Item> = Vec::new();
    let mut by_instance: HashMap<&str, usize> = HashMap::new();
    // `ovf:bound` min and max items only widen a range; the value is the item without one.
    for item in items
        .iter()
        .filter(|i| i.applies_to(option) && i.bound_kind().is_none())
    {
        let Some(id) = item.instance_id.as_ref().map(|i| i.value.as_str()) else {
            chosen.push(item);
            continue;
        };
        match by_instance.get(id) {
            None => {
                by_instance.insert(id, chosen.len());
                chosen.push(item);
            }
            // An option-specific item overrides the general one, and one naming fewer
            // options overrides a broader one.
            Some(&at) if hardware::option_count(item) < hardware::option_count(chosen[at]) => {
                chosen[at] = item;
            }
            Some(_) => {}
        }
    }
    chosen
}

/// The hardware of every virtual system for `option` (the default option when `None`),
/// `${key}` capacities read from the properties' defaults for that option.
pub fn resolved_hardware(envelope: &Envelope, option: Option<&str>) -> Vec<SystemHardware> {
    let option = option.or(envelope.default_configuration());
    let defaults = property_defaults(envelope, option);
    resolved_hardware_with(envelope, option, &|key| defaults.get(key).cloned())
}

/// The hardware of every virtual system for `option` (`None`: only items for all options),
/// with `value` giving the property values that `${key}` capacities name.
pub fn resolved_hardware_with(
    envelope: &Envelope,
    option: Option<&str>,
    value: &dyn Fn(&str) -> Option<String>,
) -> Vec<SystemHardware> {
    envelope
        .virtual_systems()
        .map(|(_, system)| system_hardware(envelope, system, option, value))
        .collect()
}

/// Each property's default for `option`, by key and by full key (what `${key}` names).
pub fn property_defaults(envelope: &Envelope, option: Option<&str>) -> HashMap<String, String> {
    let mut defaults = HashMap::new();
    for (_, _, property) in envelope.properties() {
        if let Some(value) = property.default_for(option) {
            // The first property of a key wins, as a lookup in document order would.
            defaults
                .entry(property.key.value.clone())
                .or_insert_with(|| value.to_owned());
            defaults
                .entry(property.full_key.clone())
                .or_insert_with(|| value.to_owned());
        }
    }
    defaults
}

/// The section that sizes a system: its first VirtualHardwareSection, else its own
/// ResourceAllocationSection (VMware's placement), else its collection's.
fn hardware_source<'a>(
    envelope: &'a Envelope,
    system: &'a Content,
) -> Option<(String, &'a HardwareSection)> {
    if let Some(section) = system.hardware.first() {
        return Some(("VirtualHardwareSection".to_owned(), section));
    }
    if let Some(section) = &system.resource_allocation {
        return Some(("ResourceAllocationSection".to_owned(), section));
    }
    let parent = &envelope.contents[system.parent?];
    parent.resource_allocation.as_ref().map(|s| {
        (
            format!("ResourceAllocationSection of {}", parent.id.value),
            s,
        )
    })
}

fn system_hardware(
    envelope: &Envelope,
    system: &Content,
    option: Option<&str>,
    property: &dyn Fn(&str) -> Option<String>,
) -> SystemHardware {
    let mut hardware = SystemHardware {
        system: system.id.value.clone(),
        source: None,
        vcpus: None,
        memory_mib: None,
        disks: Vec::new(),
        nics: Vec::new(),
    };
    let Some((source, section)) = hardware_source(envelope, system) else {
        return hardware;
    };
    hardware.source = Some(source);
    let boot_item = boot_disk_item(system);
    let mut boot_disk = None;
    for item in effective_items(&section.items, option) {
        let kind = item.resource_type.or(match item.element {
            ItemElement::EthernetPortItem => Some(resource_type::ETHERNET),
            _ => None,
        });
        match kind {
            Some(resource_type::PROCESSOR) => {
                hardware.vcpus =
                    Some(hardware.vcpus.unwrap_or(0) + item.virtual_quantity.unwrap_or(1));
            }
            Some(resource_type::MEMORY) => {
                let units = item
                    .virtual_quantity_units
                    .as_ref()
                    .or(item.allocation_units.as_ref());
                hardware.memory_mib = item.virtual_quantity.and_then(|q| memory_mib(units, q));
            }
            Some(resource_type::DISK | resource_type::LOGICAL_DISK) => {
                if let Some(disk) = resolved_disk(envelope, item, property) {
                    if boot_item.is_some()
                        && item.instance_id.as_ref().map(|i| i.value.as_str()) == boot_item
                    {
                        boot_disk = Some(hardware.disks.len());
                    }
                    hardware.disks.push(disk);
                }
            }
            Some(resource_type::ETHERNET) => hardware.nics.push(ResolvedNic {
                network: item.connections.first().map(|c| c.value.clone()),
                name: item.element_name.clone(),
                sub_type: item.resource_sub_type.clone(),
                mac: item.address.clone(),
                static_ip: item.static_ip.clone(),
                address_on_parent: item.address_on_parent.clone(),
                allowed_address_pairs: item.allowed_address_pairs.clone(),
            }),
            _ => {}
        }
    }
    // The disk VMware boots from first is the one the server boots from: the root disk.
    if let Some(at) = boot_disk {
        let disk = hardware.disks.remove(at);
        hardware.disks.insert(0, disk);
    }
    hardware
}

/// The InstanceID of the disk item VMware's boot order starts with (`vmw:BootOrderSection`
/// entries in document order, the first of type `disk`).
pub fn boot_disk_item(system: &Content) -> Option<&str> {
    system
        .vmware
        .iter()
        .filter(|s| s.kind == VmwareKind::BootOrder)
        .find(|s| {
            s.attr("type")
                .is_some_and(|t| t.eq_ignore_ascii_case("disk"))
        })
        .and_then(|s| s.attr("instanceId"))
        .map(str::trim)
}

/// Memory in MiB; DSP0243 items without units are read as MiB (`byte * 2^20`).
fn memory_mib(units: Option<&AllocationUnits>, quantity: u64) -> Option<u128> {
    match units {
        Some(units) => units.bytes(quantity).map(|b| b.div_ceil(1 << 20)),
        None => Some(u128::from(quantity)),
    }
}

fn resolved_disk(
    envelope: &Envelope,
    item: &Item,
    property: &dyn Fn(&str) -> Option<String>,
) -> Option<ResolvedDisk> {
    let id = hardware::disk_id(&item.disk_ref()?.value)?;
    let disk = envelope.disk(id);
    let shared = envelope
        .shared_disks
        .iter()
        .any(|s| s.disks.iter().any(|d| d.disk_id.value == id));
    Some(ResolvedDisk {
        disk_id: id.to_owned(),
        bytes: disk.and_then(|d| d.capacity_bytes(property)),
        capacity_property: disk
            .and_then(|d| d.capacity.as_ref())
            .and_then(|c| match &c.value {
                Capacity::Property(key) => Some(key.clone()),
                Capacity::Value(_) => None,
            }),
        file_ref: disk
            .and_then(|d| d.file_ref.as_ref())
            .map(|f| f.value.clone()),
        volume_type: disk.and_then(|d| d.volume_type.clone()),
        shared,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::XmlLimits;
    use crate::model::ovf::descriptor::parse;

    const COMPLETE: &[u8] = include_bytes!("../../../tests/fixtures/ovf/complete/vims.ovf");

    #[test]
    fn an_option_specific_item_overrides_the_general_one() {
        let envelope = parse(COMPLETE, &XmlLimits::default()).envelope.unwrap();
        let items = &envelope.contents[1].hardware[0].items;
        let names = |option| {
            effective_items(items, option)
                .iter()
                .filter_map(|i| i.element_name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(Some("lab"))[..2],
            ["1 virtual CPU", "2048 MB of memory"]
        );
        assert_eq!(
            names(Some("production"))[..2],
            ["4 virtual CPUs", "8192 MB of memory"]
        );
        assert_eq!(names(None).len(), 6, "no option: only the general items");
    }

    #[test]
    fn resolved_hardware_uses_the_default_option_and_rounds_disks_up() {
        let envelope = parse(COMPLETE, &XmlLimits::default()).envelope.unwrap();
        let hardware = resolved_hardware(&envelope, None);
        assert_eq!(hardware[0].vcpus, Some(4));
        assert_eq!(hardware[1].disks[0].gib_rounded_up(), Some(60));
        let half = ResolvedDisk {
            disk_id: "d".into(),
            bytes: Some(536_870_912),
            capacity_property: None,
            file_ref: None,
            volume_type: None,
            shared: false,
        };
        assert_eq!(half.gib_rounded_up(), Some(1));
    }
}
