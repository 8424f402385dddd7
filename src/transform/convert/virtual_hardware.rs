//! VirtualHardwareSection (or a collection's ResourceAllocationSection): CPU and memory
//! items with the root disk's capacity → one flavor size per virtual system, RAM in MiB and
//! disk in GiB (rounded up) whatever the allocation units, which the server reads by name
//! from its `{vm-type}_flavor_name` parameter.

use crate::model::ovf::SystemHardware;

use crate::input::yaml::write::string;
use crate::model::hot::parameters::ParameterType;

use super::draft::{BASE, Parameter};
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

impl Size {
    /// `2 vCPUs, 4096 MiB RAM, 20 GiB root disk`.
    fn describe(&self) -> String {
        let disk = if self.disk_gib == 0 {
            "no root disk (boots from a volume)".to_owned()
        } else {
            format!("{} GiB root disk", self.disk_gib)
        };
        format!("{} vCPUs, {} MiB RAM, {disk}", self.vcpus, self.ram_mib)
    }
}

/// Declares a system's `{vm-type}_flavor_name` parameter in the base template (ONAP reads
/// flavors by name, R-481670) and values it with the name of a flavor of the chosen
/// option's size; returns the parameter's name, or `None` (with an error note) when the
/// system has no hardware section at all. The template creates no flavor: a note says
/// what to create (or which existing flavor to name instead).
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
    let vm = c.vm_type(system);
    let mut flavor_name = format!("{}_{vm}", c.module);
    if let Some(option) = &c.choices.option
        && c.envelope.configurations().len() > 1
    {
        flavor_name = join(&[&flavor_name, option]);
    }
    let chosen = size(hardware);
    let wanted = match &chosen {
        Some(chosen) => chosen.describe(),
        None => format!(
            "{} vCPUs and a RAM size the OVF does not give (no memory item, ResourceType 4)",
            hardware.vcpus.unwrap_or(1).max(1)
        ),
    };
    let mut description = format!("Nova flavor of {label}: {wanted}");
    let others: Vec<String> = super::deployment_option::sizes(c, system)
        .into_iter()
        .map(|(option, size)| match size {
            Some(size) => format!("{option}: {}", size.describe()),
            None => format!("{option}: no memory size"),
        })
        .collect();
    if !others.is_empty() {
        description.push_str(&format!("; by deployment option: {}", others.join("; ")));
    }
    let mut parameter = Parameter::new(ParameterType::String, description);
    parameter.label = Some(format!(
        "Flavor of {}",
        c.envelope.contents[system].id.value
    ));
    let name = c
        .out
        .parameter(BASE, &format!("{vm}_flavor_name"), "flavor_name", parameter);
    c.out.set_value(&name, string(flavor_name.clone()));
    c.out.group("Flavors", &name);
    let message = match chosen {
        Some(_) => format!(
            "ONAP reads flavors by name, so the template creates none: create flavor `{flavor_name}` with {wanted} in the cloud, or set `{name}` to an existing flavor of that size"
        ),
        None => format!(
            "has no memory item (ResourceType 4) for the chosen deployment option; create flavor `{flavor_name}` with {wanted}, or set `{name}` to an existing flavor"
        ),
    };
    c.note(NoteLevel::Warning, SECTION, label, message);
    Some(name)
}
