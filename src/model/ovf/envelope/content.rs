//! The sections of the Envelope and of each virtual system or collection, read into the
//! typed model.

use crate::model::ovf::located::Located;
use crate::model::ovf::notice::NoticeKind;
use crate::model::ovf::reading::{Reading, localized};
use crate::model::ovf::sections::{self, HardwareSection};
use crate::model::ovf::xml::XmlElement;

use super::part::{Level, Part, SectionKind, classify};
use super::{Content, ContentKind, Envelope, once, require_info};

/// One section of the Envelope itself, into its place in `envelope`.
pub(super) fn envelope_section(
    reading: &mut Reading<'_>,
    envelope: &mut Envelope,
    element: &XmlElement,
    kind: SectionKind,
    name: &str,
) {
    require_info(reading, element, "Envelope");
    match kind {
        SectionKind::Disk => {
            let section = sections::disk::read(reading, element, "Disk");
            once(
                reading,
                &mut envelope.disk_section,
                section,
                element,
                "Envelope",
            );
        }
        SectionKind::SharedDisk => {
            let section = sections::disk::read(reading, element, "SharedDisk");
            envelope.shared_disks.push(section);
        }
        SectionKind::Network => {
            let section = sections::network::read(reading, element);
            once(
                reading,
                &mut envelope.network_section,
                section,
                element,
                "Envelope",
            );
        }
        SectionKind::DeploymentOption => {
            let section = sections::deployment_option::read(reading, element);
            once(
                reading,
                &mut envelope.deployment_options,
                section,
                element,
                "Envelope",
            );
        }
        SectionKind::PlacementGroup => {
            envelope
                .placement_groups
                .extend(sections::placement::read_group(reading, element));
        }
        SectionKind::Encryption => envelope
            .encryption
            .push(sections::encryption::read(reading, element)),
        SectionKind::VirtualRouter => envelope
            .virtual_routers
            .push(sections::ecs::read_routers(reading, element)),
        SectionKind::RouterInterface => envelope
            .router_interfaces
            .push(sections::ecs::read_interfaces(reading, element)),
        SectionKind::ResourceGroup => envelope
            .resource_groups
            .push(sections::ecs::read_resource_groups(reading, element)),
        _ => {
            let section = sections::unknown::read(reading, element, name, None, "Envelope");
            envelope.unknown.push(section);
        }
    }
}

/// A content element's members, in document order, with their kinds.
pub(super) type Members<'t> = Vec<(&'t XmlElement, ContentKind)>;

/// A virtual system or collection: its own parts and sections, and its members still to read.
pub(super) fn read_content<'t>(
    reading: &mut Reading<'t>,
    element: &'t XmlElement,
    kind: ContentKind,
    parent: Option<usize>,
) -> (Content, Members<'t>) {
    let id = reading
        .required_attr(element, "id", &element.qname)
        .unwrap_or_else(|| Located::new(String::new(), element.span));
    let mut content = Content {
        id,
        kind,
        parent,
        children: Vec::new(),
        info: None,
        name: None,
        annotation: None,
        products: Vec::new(),
        eulas: Vec::new(),
        startup: None,
        operating_system: None,
        install: None,
        environment_files: None,
        boot_devices: Vec::new(),
        scale_out: Vec::new(),
        placements: Vec::new(),
        resource_allocation: None,
        hardware: Vec::new(),
        unknown: Vec::new(),
        vmware: Vec::new(),
        resource_group_ref: element
            .extension_attr("resourceGroupRef")
            .map(|a| Located::new(a.value.clone(), a.span)),
        span: element.span,
    };
    let owner = content.label();
    if reading.tree.ovf_child(element, "Info").is_none() {
        reading.notice(
            NoticeKind::Missing,
            element.span,
            &owner,
            format!("{owner} has no <Info>; DSP0243 requires one on every VirtualSystem or VirtualSystemCollection"),
        );
    }
    let here = match kind {
        ContentKind::VirtualSystem => Level::System,
        ContentKind::Collection => Level::Collection,
    };
    let mut members = Vec::new();
    let mut system_allocations = Vec::new();
    for child in reading.children(element) {
        match classify(child) {
            Part::Info => content.info = Some(localized(child)),
            Part::Name => content.name = Some(localized(child)),
            Part::Content(member) if kind == ContentKind::Collection => {
                members.push((child, member))
            }
            Part::Content(_) => {
                let section = sections::unknown::read(
                    reading,
                    child,
                    &child.name.local,
                    Some("in a VirtualSystemCollection (a VirtualSystem cannot contain systems)"),
                    &owner,
                );
                content.unknown.push(section);
            }
            Part::Section(section, _) if section.level().admits(here) => {
                content_section(reading, &mut content, child, section, &owner);
            }
            Part::Section(SectionKind::ResourceAllocation, _)
                if kind == ContentKind::VirtualSystem =>
            {
                let path = format!("{owner}/ResourceAllocationSection");
                system_allocations.push(sections::hardware::read(reading, child, &path));
            }
            Part::Section(section, name) => {
                let unknown = sections::unknown::read(
                    reading,
                    child,
                    &name,
                    Some(section.level().describe()),
                    &owner,
                );
                content.unknown.push(unknown);
            }
            Part::References | Part::Strings => {
                let unknown = sections::unknown::read(
                    reading,
                    child,
                    &child.name.local,
                    Some(Level::Envelope.describe()),
                    &owner,
                );
                content.unknown.push(unknown);
            }
            Part::Other(name) => match sections::vmware::read(reading, child) {
                Some(section) => content.vmware.push(section),
                None => {
                    let unknown = sections::unknown::read(reading, child, &name, None, &owner);
                    content.unknown.push(unknown);
                }
            },
        }
    }
    place_system_allocations(reading, &mut content, system_allocations);
    (content, members)
}

/// A ResourceAllocationSection in a VirtualSystem sizes that system when it has no
/// VirtualHardwareSection (as a collection's sizes such a member); beside a
/// VirtualHardwareSection (VirtualBox and Glance's test appliance write one) it is read
/// and left out: the hardware section sizes the system, and reservations, limits, shares
/// and processor features have no flavor property.
pub(super) fn place_system_allocations(
    reading: &mut Reading<'_>,
    content: &mut Content,
    sections: Vec<HardwareSection>,
) {
    let owner = content.label();
    for section in sections {
        if content.hardware.is_empty() && content.resource_allocation.is_none() {
            reading.notice(
                NoticeKind::PlacedSection,
                section.span,
                &owner,
                format!(
                    "ResourceAllocationSection sits in {owner}; DSP0243 puts it in a VirtualSystemCollection. The system has no VirtualHardwareSection, so it is sized by this one"
                ),
            );
            content.resource_allocation = Some(section);
        } else {
            let sized_by = if content.hardware.is_empty() {
                "An earlier ResourceAllocationSection"
            } else {
                "Its VirtualHardwareSection"
            };
            reading.notice(
                NoticeKind::PlacedSection,
                section.span,
                &owner,
                format!(
                    "ResourceAllocationSection sits in {owner}; DSP0243 puts it in a VirtualSystemCollection. {sized_by} sizes the system; this section's settings (reservations, limits, shares, processor features) have no Nova flavor property and are left out"
                ),
            );
        }
    }
}

/// One section of a virtual system or collection, into its place in `content`.
pub(super) fn content_section(
    reading: &mut Reading<'_>,
    content: &mut Content,
    element: &XmlElement,
    kind: SectionKind,
    owner: &str,
) {
    require_info(reading, element, owner);
    match kind {
        SectionKind::Annotation => {
            let section = sections::annotation::read(reading, element);
            once(reading, &mut content.annotation, section, element, owner);
        }
        SectionKind::Product => content
            .products
            .push(sections::product::read(reading, element, owner)),
        SectionKind::Eula => content.eulas.push(sections::eula::read(reading, element)),
        SectionKind::Placement => content
            .placements
            .extend(sections::placement::read_member(reading, element)),
        SectionKind::OperatingSystem => {
            let section = sections::operating_system::read(reading, element);
            once(
                reading,
                &mut content.operating_system,
                section,
                element,
                owner,
            );
        }
        SectionKind::Install => {
            let section = sections::install::read(reading, element);
            once(reading, &mut content.install, section, element, owner);
        }
        SectionKind::EnvironmentFiles => {
            let section = sections::environment_files::read(reading, element);
            once(
                reading,
                &mut content.environment_files,
                section,
                element,
                owner,
            );
        }
        SectionKind::BootDevice => content
            .boot_devices
            .push(sections::boot_device::read(reading, element)),
        SectionKind::VirtualHardware => {
            let path = format!("{owner}/VirtualHardwareSection");
            content
                .hardware
                .push(sections::hardware::read(reading, element, &path));
        }
        SectionKind::ResourceAllocation => {
            let path = format!("{owner}/ResourceAllocationSection");
            let section = sections::hardware::read(reading, element, &path);
            once(
                reading,
                &mut content.resource_allocation,
                section,
                element,
                owner,
            );
        }
        SectionKind::Startup => {
            let section = sections::startup::read(reading, element);
            once(reading, &mut content.startup, section, element, owner);
        }
        SectionKind::ScaleOut => content
            .scale_out
            .extend(sections::scale_out::read(reading, element)),
        SectionKind::Disk
        | SectionKind::Network
        | SectionKind::DeploymentOption
        | SectionKind::SharedDisk
        | SectionKind::PlacementGroup
        | SectionKind::Encryption
        | SectionKind::VirtualRouter
        | SectionKind::RouterInterface
        | SectionKind::ResourceGroup => {}
    }
}
