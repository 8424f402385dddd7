//! VirtualHardwareSection (or a collection's ResourceAllocationSection): CPU and memory
//! items with the root disk's capacity → one `OS::Nova::Flavor` per virtual system, RAM in
//! MiB and disk in GiB (rounded up) whatever the allocation units.

use crate::ovf::SystemHardware;

use crate::hot::parameters::ParameterType;
use crate::yaml::write::map;

use super::draft::{BASE, Parameter, get_param, int};
use super::names::join;
use super::{Converter, NoteLevel};

const SECTION: &str = "VirtualHardwareSection";

/// A flavor's numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Size {
    /// vCPUs.
    pub vcpus: u64,
    /// RAM in MiB.
    pub ram_mib: u128,
    /// Root disk in GiB (0 when the server boots from a volume).
    pub disk_gib: u128,
}

/// The flavor a system's hardware asks for; `None` without a memory size.
pub fn size(hardware: &SystemHardware) -> Option<Size> {
    Some(Size {
        vcpus: hardware.vcpus.unwrap_or(1).max(1),
        ram_mib: hardware.memory_mib?,
        disk_gib: super::disk::flavor_disk_gib(hardware),
    })
}

/// Declares the flavor of a system in the base template; returns its ID, or `None` (with
/// an error note) when the system has no hardware section at all. Without a memory item
/// the RAM becomes a parameter the operator answers.
pub fn flavor(c: &mut Converter<'_>, system: usize, hardware: &SystemHardware) -> Option<String> {
    let label = c.envelope.contents[system].label();
    if hardware.source.is_none() {
        // The OVF rules report a system without hardware; say what it means here.
        c.note(
            NoteLevel::Error,
            SECTION,
            label,
            "has no VirtualHardwareSection (nor a ResourceAllocationSection around it), so its flavor is unknown",
        );
        return None;
    }
    if hardware.vcpus.is_none() {
        c.note(
            NoteLevel::Warning,
            SECTION,
            label.clone(),
            "has no processor item (ResourceType 3); the flavor gets 1 vCPU",
        );
    }
    let system_id = &c.envelope.contents[system].id.value;
    let properties = match size(hardware) {
        Some(chosen) => super::deployment_option::flavor_properties(c, system, &chosen),
        None => {
            // No memory item: the operator gives the RAM, as a parameter left without a value.
            let mut parameter = Parameter::new(
                ParameterType::Number,
                format!("RAM of {label} in MiB (the OVF gives no memory size)"),
            );
            parameter.label = Some(format!("RAM of {system_id} (MiB)"));
            parameter.constraints = vec![map([("range", map([("min", int(1))]))])];
            let ram = c
                .out
                .parameter(BASE, &join(&[system_id, "ram_mib"]), "ram_mib", parameter);
            c.out.group("Sizing", &ram);
            c.note(
                NoteLevel::Warning,
                SECTION,
                label.clone(),
                format!("has no memory item (ResourceType 4) for the chosen deployment option; give the flavor's RAM in parameter `{ram}`"),
            );
            vec![
                (
                    "vcpus",
                    int(i64::try_from(hardware.vcpus.unwrap_or(1).max(1)).unwrap_or(i64::MAX)),
                ),
                ("ram", get_param(&ram)),
                (
                    "disk",
                    int(i64::try_from(super::disk::flavor_disk_gib(hardware)).unwrap_or(i64::MAX)),
                ),
            ]
        }
    };
    Some(c.out.resource(
        BASE,
        &join(&[system_id, "flavor"]),
        "flavor",
        "OS::Nova::Flavor",
        properties,
    ))
}
