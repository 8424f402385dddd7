//! Sections with no HOT meaning, each with the behaviour docs/mapping.md states:
//! EncryptionSection is an error; SharedDiskSection, InstallSection, BootDeviceSection,
//! optional unknown sections and file-backed devices are warnings; AnnotationSection and
//! the product's identity make the template's `description`. (EulaSection is the
//! session's gate; OperatingSystemSection describes the image parameter.)

use crate::model::ovf::sections::hardware::{file_id, resource_type};
use crate::model::ovf::sections::{VmwareKind, VmwareSection};

use super::{Converter, NoteLevel};

/// Notes the sections that do not convert.
pub fn check(c: &mut Converter<'_>) {
    let envelope = c.envelope;
    if !envelope.encryption.is_empty() {
        c.note(
            NoteLevel::Error,
            "EncryptionSection",
            "Envelope",
            "parts of the package are encrypted (XML Encryption 1.1); decrypt them with the vendor's key and remove the EncryptionSection before onboarding",
        );
    }
    let attached: Vec<String> = c
        .hardware
        .values()
        .flat_map(|h| h.disks.iter())
        .filter(|d| d.shared)
        .map(|d| d.disk_id.clone())
        .collect();
    for disk in envelope.shared_disks.iter().flat_map(|s| s.disks.iter()) {
        if !attached.contains(&disk.disk_id.value) {
            c.note(
                NoteLevel::Warning,
                "SharedDiskSection",
                format!("SharedDisk[{}]", disk.disk_id.value),
                "no system attaches it, so it is not converted",
            );
        }
    }
    for section in &envelope.unknown {
        unknown(c, section, "Envelope".to_owned());
    }
    for section in &envelope.vmware {
        vmware(c, section, "Envelope".to_owned());
    }
    for content in &envelope.contents {
        let label = content.label();
        for section in &content.unknown {
            unknown(c, section, label.clone());
        }
        for section in &content.vmware {
            vmware(c, section, label.clone());
        }
        if let Some(install) = &content.install {
            let delay = install
                .initial_boot_stop_delay
                .map_or(String::new(), |d| format!(" within {d} s"));
            c.note(
                NoteLevel::Warning,
                "InstallSection",
                label.clone(),
                format!("the system expects to boot once to install itself and power off{delay}; Heat boots it once and leaves it running, so its first boot must finish the installation"),
            );
        }
        if !content.boot_devices.is_empty() {
            c.note(
                NoteLevel::Warning,
                "BootDeviceSection",
                label.clone(),
                "its boot order has no OpenStack equivalent; the server boots from its image or boot volume",
            );
        }
        for section in &content.hardware {
            for item in &section.items {
                let kind = item.resource_type.unwrap_or(0);
                if matches!(
                    kind,
                    resource_type::DISK | resource_type::LOGICAL_DISK | resource_type::ETHERNET
                ) {
                    continue;
                }
                if let Some(file) = item.host_resources.iter().find_map(|h| file_id(&h.value)) {
                    let name = item.element_name.clone().unwrap_or(format!("type {kind}"));
                    c.note(
                        NoteLevel::Warning,
                        "VirtualHardwareSection",
                        label.clone(),
                        format!("device `{name}` uses file `{file}` (a CD/DVD or floppy image); a template cannot attach such a device, so the file is not used"),
                    );
                }
            }
        }
    }
}

/// VMware's sections: the boot order and IP assignment are mapped (by the hardware and the
/// networks); what they ask beyond that, and every other one, is a warning.
fn vmware(c: &mut Converter<'_>, section: &VmwareSection, owner: String) {
    let message = match section.kind {
        VmwareKind::BootOrder => {
            let kind = section.attr("type").unwrap_or("?");
            if kind.eq_ignore_ascii_case("disk") {
                return;
            }
            format!(
                "`{}` boots from a {kind} device (item {}); a server boots from its root disk, so that entry of the boot order is left out",
                section.qname,
                section.attr("instanceId").unwrap_or("?")
            )
        }
        VmwareKind::IpAssignment => match super::network::ip_assignment_dhcp(c.envelope) {
            Some(false) => format!(
                "`{}` gives guests fixed addresses through the OVF environment ({}); the subnets the template creates run without DHCP, so set each address property to the port's fixed IP",
                section.qname,
                section.attr("schemes").unwrap_or_default()
            ),
            _ => return,
        },
        kind => format!(
            "`{}` is VMware's ({}); it is left out",
            section.qname,
            kind.meaning()
        ),
    };
    c.note(NoteLevel::Warning, "VMware section", owner, message);
}

fn unknown(
    c: &mut Converter<'_>,
    section: &crate::model::ovf::sections::UnknownSection,
    owner: String,
) {
    let (level, message) = if section.required {
        (
            NoteLevel::Error,
            format!(
                "`{}` is required (ovf:required is not false) and vnfwiz does not understand it",
                section.qname
            ),
        )
    } else {
        (
            NoteLevel::Warning,
            format!(
                "`{}` is optional (ovf:required=\"false\") and has no HOT meaning; it is left out",
                section.qname
            ),
        )
    };
    c.notes.push(super::Note {
        level,
        section: "unknown section",
        subject: owner,
        message,
    });
}

/// The most characters of one annotation the template's description keeps: a
/// descriptor-sized annotation would take the template over Heat's size limit.
const ANNOTATION_MAX: usize = 4096;

/// The base template's description: the product, where it came from, the option, and
/// the annotations (AnnotationSection has no other place in HOT), each cut to
/// [`ANNOTATION_MAX`] characters with a warning.
pub fn description(c: &mut Converter<'_>) -> String {
    let envelope = c.envelope;
    let root = envelope.contents.first();
    let product = envelope
        .contents
        .iter()
        .flat_map(|content| content.products.iter())
        .find(|p| p.product.is_some());
    let mut title = product
        .and_then(|p| c.text(&p.product))
        .or_else(|| root.and_then(|r| c.text(&r.name)))
        .or_else(|| root.map(|r| r.id.value.clone()))
        .unwrap_or_else(|| "VNF".to_owned());
    if let Some(version) = product.and_then(|p| c.text(&p.version)) {
        title.push_str(&format!(" {version}"));
    }
    if let Some(vendor) = product.and_then(|p| c.text(&p.vendor)) {
        title.push_str(&format!(" by {vendor}"));
    }
    let mut text = format!(
        "{title}, converted from OVF {} by vnfwiz",
        c.package.descriptor_name
    );
    if let Some(option) = &c.choices.option {
        text.push_str(&format!(" (deployment option {option})"));
    }
    text.push('.');
    for content in &envelope.contents {
        if let Some(annotation) = content
            .annotation
            .as_ref()
            .and_then(|a| c.text(&a.annotation))
        {
            let length = annotation.chars().count();
            let kept: String = annotation.chars().take(ANNOTATION_MAX).collect();
            text.push_str(&format!(" {}: {kept}", content.id.value));
            if length > ANNOTATION_MAX {
                text.push('…');
                c.note(
                    NoteLevel::Warning,
                    "AnnotationSection",
                    content.label(),
                    format!("the annotation has {length} characters; the template's description keeps the first {ANNOTATION_MAX}, as the whole would take the template over Heat's size limit"),
                );
            }
        }
    }
    text
}
