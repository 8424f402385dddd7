//! The sections VMware's own exports carry (`vmw:` and vCloud's), known by name so none is
//! refused as an unknown required section: each is mapped where OpenStack has a meaning
//! (boot order, IP assignment) or dropped with a note (docs/mapping.md, "The VMware
//! dialect").

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::namespace::NsKind;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::xml::{XmlElement, XmlTree};

/// vCloud Director's namespaces start with this.
const VCLOUD: &str = "http://www.vmware.com/vcloud/";

/// Which of VMware's sections it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum VmwareKind {
    /// `vmw:BootOrderSection`: one device of the boot order (`vmw:type`, `vmw:instanceId`).
    BootOrder,
    /// `vmw:CpuCompatibilitySection`: CPUID masks for vMotion compatibility.
    CpuCompatibility,
    /// `vmw:StorageSection`: the storage policy group of a system's disks.
    Storage,
    /// `vmw:StorageGroupSection`: a vCenter storage policy.
    StorageGroup,
    /// `vmw:IpAssignmentSection`: how guests get addresses (`vmw:schemes`, `vmw:protocols`).
    IpAssignment,
    /// `vmw:vServiceDependencySection`: a binding to a vCenter service.
    VServiceDependency,
    /// `vmw:TagBasedPlacementSection`: a system's vCenter tag placement group.
    TagBasedPlacement,
    /// `vmw:TagBasedPlacementGroupSection`: vCenter tags that place systems.
    TagBasedPlacementGroup,
    /// A vCloud Director section (customization, guest customization, lease, network
    /// configuration and connections).
    Vcloud,
}

impl VmwareKind {
    /// The section of a `vmw:` or vCloud element, when it is one vnfwiz knows.
    fn of(tree: &XmlTree, element: &XmlElement) -> Option<VmwareKind> {
        let local = element.name.local.as_str();
        if element.name.kind == NsKind::Vmware {
            return Some(match local {
                "BootOrderSection" => VmwareKind::BootOrder,
                "CpuCompatibilitySection" => VmwareKind::CpuCompatibility,
                "StorageSection" => VmwareKind::Storage,
                "StorageGroupSection" => VmwareKind::StorageGroup,
                "IpAssignmentSection" => VmwareKind::IpAssignment,
                "vServiceDependencySection" => VmwareKind::VServiceDependency,
                "TagBasedPlacementSection" => VmwareKind::TagBasedPlacement,
                "TagBasedPlacementGroupSection" => VmwareKind::TagBasedPlacementGroup,
                _ => return None,
            });
        }
        let vcloud = tree.uri(&element.name).starts_with(VCLOUD)
            && matches!(
                local,
                "CustomizationSection"
                    | "GuestCustomizationSection"
                    | "LeaseSettingsSection"
                    | "NetworkConfigSection"
                    | "NetworkConnectionSection"
            );
        vcloud.then_some(VmwareKind::Vcloud)
    }

    /// What OpenStack makes of it, for notes and docs.
    pub fn meaning(self) -> &'static str {
        match self {
            VmwareKind::BootOrder => {
                "the boot disk becomes the root disk; a network, CD or floppy boot has no OpenStack equivalent"
            }
            VmwareKind::IpAssignment => {
                "DHCP on the subnets the template creates when the schemes include dhcp, fixed addresses through the OVF environment otherwise"
            }
            VmwareKind::CpuCompatibility => {
                "CPUID masks for vMotion compatibility; Nova's CPU model is the cloud's choice"
            }
            VmwareKind::Storage | VmwareKind::StorageGroup => {
                "a vCenter storage policy; a Cinder volume type is the cloud's choice"
            }
            VmwareKind::VServiceDependency => {
                "a binding to a vCenter service (such as extension registration), which OpenStack has no counterpart for"
            }
            VmwareKind::TagBasedPlacement | VmwareKind::TagBasedPlacementGroup => {
                "vCenter tag placement; Nova places servers by flavor, zone and server group"
            }
            VmwareKind::Vcloud => {
                "vCloud Director's own customization, lease and network settings, which Heat does not read"
            }
        }
    }
}

/// One of VMware's sections, as written.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VmwareSection {
    /// Which section.
    pub kind: VmwareKind,
    /// The name as written (`vmw:BootOrderSection`).
    pub qname: String,
    /// Its `vmw:`/vCloud attributes by local name, in document order.
    pub attributes: Vec<(String, String)>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

impl VmwareSection {
    /// An attribute by local name.
    pub fn attr(&self, local: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(name, _)| name == local)
            .map(|(_, value)| value.as_str())
    }

    /// The comma- or space-separated entries of an attribute, lower-cased.
    pub fn list(&self, local: &str) -> Vec<String> {
        self.attr(local)
            .unwrap_or_default()
            .split([',', ' '])
            .map(|s| s.trim().to_ascii_lowercase())
            .filter(|s| !s.is_empty())
            .collect()
    }
}

/// Reads an element as one of VMware's sections, when it is one.
pub fn read(reading: &Reading<'_>, element: &XmlElement) -> Option<VmwareSection> {
    let kind = VmwareKind::of(reading.tree, element)?;
    Some(VmwareSection {
        kind,
        qname: element.qname.clone(),
        attributes: reading.extension_attrs(element),
        span: element.span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::XmlLimits;
    use crate::model::ovf::xml::parse;

    #[test]
    fn knows_vmware_and_vcloud_sections_by_name() {
        let tree = parse(
            "<r xmlns:vmw=\"http://www.vmware.com/schema/ovf\" xmlns:vcloud=\"http://www.vmware.com/vcloud/v1.5\"><vmw:IpAssignmentSection vmw:schemes=\"ovfenv, dhcp\" vmw:protocols=\"IPv4\"/><vcloud:LeaseSettingsSection/><vmw:Other/></r>",
            &XmlLimits::default(),
        )
        .unwrap();
        let reading = Reading::new(&tree);
        let children: Vec<_> = tree.children(tree.root()).collect();
        let ip = read(&reading, children[0]).unwrap();
        assert_eq!(ip.kind, VmwareKind::IpAssignment);
        assert_eq!(ip.list("schemes"), vec!["ovfenv", "dhcp"]);
        assert_eq!(
            read(&reading, children[1]).unwrap().kind,
            VmwareKind::Vcloud
        );
        assert!(read(&reading, children[2]).is_none());
    }
}
