//! The typed envelope: References, envelope-level sections, and the virtual systems and
//! collections (kept flat, with parent and child indices) with their sections.

mod content;
mod part;

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::error::DescriptorError;
use super::located::Located;
use super::namespace::{NsKind, OvfVersion};
use super::notice::{Notice, NoticeKind};
use super::property::Property;
use super::reading::Reading;
use super::sections::{
    self, AnnotationSection, BootDeviceSection, DeploymentOptionSection, DiskSection, EcsSection,
    EncryptionSection, EnvironmentFilesSection, EulaSection, FileRef, HardwareSection,
    InstallSection, NetworkSection, OperatingSystemSection, PlacementGroupSection,
    PlacementSection, ProductSection, ResourceGroup, RouterInterface, ScaleOutSection,
    StartupSection, UnknownSection, VirtualRouter, VmwareSection,
};
use super::strings::{Localisation, LocalizedText, StringsBundle};
use super::xml::{XmlElement, XmlTree};
use crate::foundation::diagnostics::Span;
use content::{envelope_section, read_content};
use part::{Level, Part, SectionKind, classify};

/// A virtual system or a collection of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ContentKind {
    /// `VirtualSystem`: one VM.
    VirtualSystem,
    /// `VirtualSystemCollection`: a group of systems and collections.
    Collection,
}

/// One `VirtualSystem` or `VirtualSystemCollection` with its sections.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Content {
    /// `ovf:id`.
    pub id: Located<String>,
    /// System or collection.
    pub kind: ContentKind,
    /// Index of the enclosing collection in [`Envelope::contents`].
    pub parent: Option<usize>,
    /// Indices of direct members, in document order.
    pub children: Vec<usize>,
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// `Name`.
    pub name: Option<LocalizedText>,
    /// AnnotationSection.
    pub annotation: Option<AnnotationSection>,
    /// ProductSections.
    pub products: Vec<ProductSection>,
    /// EulaSections.
    pub eulas: Vec<EulaSection>,
    /// StartupSection (collections).
    pub startup: Option<StartupSection>,
    /// OperatingSystemSection (systems).
    pub operating_system: Option<OperatingSystemSection>,
    /// InstallSection (systems).
    pub install: Option<InstallSection>,
    /// EnvironmentFilesSection (systems).
    pub environment_files: Option<EnvironmentFilesSection>,
    /// BootDeviceSections (systems).
    pub boot_devices: Vec<BootDeviceSection>,
    /// ScaleOutSections (collections).
    pub scale_out: Vec<ScaleOutSection>,
    /// PlacementSections.
    pub placements: Vec<PlacementSection>,
    /// ResourceAllocationSection (collections).
    pub resource_allocation: Option<HardwareSection>,
    /// VirtualHardwareSections (systems).
    pub hardware: Vec<HardwareSection>,
    /// Sections vnfwiz does not understand or that sit in the wrong place.
    pub unknown: Vec<UnknownSection>,
    /// VMware's own sections (`vmw:`, vCloud).
    pub vmware: Vec<VmwareSection>,
    /// `ecs:resourceGroupRef`.
    pub resource_group_ref: Option<Located<String>>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

impl Content {
    /// `VirtualSystem[fw1]`, for messages.
    pub fn label(&self) -> String {
        let kind = match self.kind {
            ContentKind::VirtualSystem => "VirtualSystem",
            ContentKind::Collection => "VirtualSystemCollection",
        };
        format!("{kind}[{}]", self.id.value)
    }
}

/// A parsed OVF descriptor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Envelope {
    /// The version the root namespace declares.
    pub version: OvfVersion,
    /// The root namespace as written.
    pub namespace: String,
    /// `References`.
    pub references: Vec<FileRef>,
    /// DiskSection.
    pub disk_section: Option<DiskSection>,
    /// NetworkSection.
    pub network_section: Option<NetworkSection>,
    /// DeploymentOptionSection.
    pub deployment_options: Option<DeploymentOptionSection>,
    /// SharedDiskSections.
    pub shared_disks: Vec<DiskSection>,
    /// PlacementGroupSections.
    pub placement_groups: Vec<PlacementGroupSection>,
    /// EncryptionSections.
    pub encryption: Vec<EncryptionSection>,
    /// `ecs:VirtualRouterSection`s.
    pub virtual_routers: Vec<EcsSection<VirtualRouter>>,
    /// `ecs:VirtualNetworkRouterInterfaceSection`s.
    pub router_interfaces: Vec<EcsSection<RouterInterface>>,
    /// `ecs:ResourceGroupSection`s.
    pub resource_groups: Vec<EcsSection<ResourceGroup>>,
    /// Envelope-level sections vnfwiz does not understand.
    pub unknown: Vec<UnknownSection>,
    /// Envelope-level VMware sections (`vmw:`, vCloud).
    pub vmware: Vec<VmwareSection>,
    /// Every system and collection, depth first in document order; the first is the top.
    pub contents: Vec<Content>,
    /// Message bundles and the default language.
    pub strings: Localisation,
    /// Findings made while reading.
    pub notices: Vec<Notice>,
    /// Where the Envelope element is.
    #[serde(skip)]
    pub span: Span,
}

impl Envelope {
    /// The virtual systems (not collections), in document order.
    pub fn virtual_systems(&self) -> impl Iterator<Item = (usize, &Content)> {
        self.contents
            .iter()
            .enumerate()
            .filter(|(_, c)| c.kind == ContentKind::VirtualSystem)
    }

    /// Every section not understood or misplaced, with the system or collection holding it
    /// (`None`: the Envelope itself), Envelope first.
    pub fn unknown_sections(&self) -> impl Iterator<Item = (Option<&Content>, &UnknownSection)> {
        self.unknown.iter().map(|s| (None, s)).chain(
            self.contents
                .iter()
                .flat_map(|c| c.unknown.iter().map(move |s| (Some(c), s))),
        )
    }

    /// The File with this id.
    pub fn file(&self, id: &str) -> Option<&FileRef> {
        self.references.iter().find(|f| f.id.value == id)
    }

    /// Every disk of the DiskSection and the SharedDiskSections.
    pub fn disks(&self) -> impl Iterator<Item = &sections::Disk> {
        self.disk_section
            .iter()
            .chain(self.shared_disks.iter())
            .flat_map(|s| s.disks.iter())
    }

    /// The disk with this id.
    pub fn disk(&self, id: &str) -> Option<&sections::Disk> {
        self.disks().find(|d| d.disk_id.value == id)
    }

    /// The networks of the NetworkSection.
    pub fn networks(&self) -> &[sections::Network] {
        self.network_section
            .as_ref()
            .map_or(&[], |s| s.networks.as_slice())
    }

    /// Every `Connection` of an adapter naming a network the NetworkSection does not
    /// declare (VMware's exports write `VM Network`), in document order, with the label
    /// of the system or collection whose hardware holds it.
    pub fn undeclared_connections(&self) -> Vec<(String, &Located<String>)> {
        let declared: std::collections::HashSet<&str> = self
            .networks()
            .iter()
            .map(|n| n.name.value.as_str())
            .collect();
        let mut out = Vec::new();
        for content in &self.contents {
            for section in content.hardware.iter().chain(&content.resource_allocation) {
                for connection in section.items.iter().flat_map(|i| &i.connections) {
                    if !connection.value.is_empty() && !declared.contains(connection.value.as_str())
                    {
                        out.push((content.label(), connection));
                    }
                }
            }
        }
        out
    }

    /// The networks adapters connect to that the NetworkSection does not declare, each once
    /// in document order.
    pub fn undeclared_networks(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for (_, connection) in self.undeclared_connections() {
            if !out.contains(&connection.value.as_str()) {
                out.push(&connection.value);
            }
        }
        out
    }

    /// The deployment options (empty when there is no DeploymentOptionSection).
    pub fn configurations(&self) -> &[sections::Configuration] {
        self.deployment_options
            .as_ref()
            .map_or(&[], |s| s.configurations.as_slice())
    }

    /// The default deployment option's id.
    pub fn default_configuration(&self) -> Option<&str> {
        self.deployment_options
            .as_ref()?
            .default_configuration()
            .map(|c| c.id.value.as_str())
    }

    /// Every property with the index of the content that holds it, in document order.
    pub fn properties(&self) -> impl Iterator<Item = (usize, &ProductSection, &Property)> {
        self.contents.iter().enumerate().flat_map(|(i, c)| {
            c.products
                .iter()
                .flat_map(move |p| p.properties.iter().map(move |prop| (i, p, prop)))
        })
    }

    /// The property with this full key.
    pub fn property(&self, full_key: &str) -> Option<&Property> {
        self.properties()
            .map(|(_, _, p)| p)
            .find(|p| p.full_key == full_key)
    }

    /// Every EULA with the index of the content that holds it.
    pub fn eulas(&self) -> impl Iterator<Item = (usize, &EulaSection)> {
        self.contents
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.eulas.iter().map(move |e| (i, e)))
    }

    /// The text of a localisable element as the operator reads it: in the language asked
    /// for when a bundle holds it, else in the descriptor's own words
    /// ([`Localisation::shown`]).
    pub fn text<'a>(&'a self, text: &'a LocalizedText) -> &'a str {
        self.strings.shown(text)
    }
}

/// Builds the envelope from a parsed tree.
pub fn read(tree: &XmlTree) -> Result<Envelope, DescriptorError> {
    let root = tree.root();
    let uri = tree.uri(&root.name).to_owned();
    let Some((version, slash)) =
        OvfVersion::from_root_namespace(&uri).filter(|_| root.name.local == "Envelope")
    else {
        return Err(if root.name.local == "Envelope" {
            DescriptorError::UnknownVersion {
                span: root.span,
                uri,
            }
        } else {
            DescriptorError::NotOvf {
                span: root.span,
                found: if uri.is_empty() {
                    root.name.local.clone()
                } else {
                    format!("{{{uri}}}{}", root.name.local)
                },
            }
        });
    };
    let mut reading = Reading::new(tree);
    if slash {
        reading.notice(
            NoticeKind::NamespaceSlash,
            root.span,
            "Envelope",
            format!("the OVF 1.x namespace is written `{uri}` with a trailing slash; DSP0243 defines it without one"),
        );
    }
    if let Some(declared) = root.ovf_attr("version") {
        let value = declared.value.trim();
        let family = match version {
            OvfVersion::V0_9 => "0.",
            OvfVersion::V1 => "1.",
            OvfVersion::V2 => "2.",
        };
        if !value.starts_with(family) {
            reading.notice(
                NoticeKind::Malformed,
                declared.span,
                "Envelope",
                format!(
                    "ovf:version is `{value}`, but the Envelope's namespace is OVF {}",
                    version.label()
                ),
            );
        }
    }
    let mut envelope = Envelope {
        version,
        namespace: uri,
        references: Vec::new(),
        disk_section: None,
        network_section: None,
        deployment_options: None,
        shared_disks: Vec::new(),
        placement_groups: Vec::new(),
        encryption: Vec::new(),
        virtual_routers: Vec::new(),
        router_interfaces: Vec::new(),
        resource_groups: Vec::new(),
        unknown: Vec::new(),
        vmware: Vec::new(),
        contents: Vec::new(),
        strings: Localisation {
            default_lang: root.attr(NsKind::Xml, "lang").map(|a| a.value.clone()),
            bundles: Vec::new(),
            requested: None,
        },
        notices: Vec::new(),
        span: root.span,
    };
    let mut pending: Vec<(&XmlElement, Option<usize>, ContentKind)> = Vec::new();
    let mut envelope_eulas = Vec::new();
    for child in tree.children(root) {
        match classify(child) {
            Part::Info | Part::Name => {}
            Part::References => {
                envelope
                    .references
                    .extend(sections::references::read(&mut reading, child));
            }
            Part::Strings => envelope
                .strings
                .bundles
                .push(strings_bundle(&mut reading, child)),
            Part::Content(kind) => pending.push((child, None, kind)),
            Part::Section(kind, name) if kind.level() == Level::Envelope => {
                envelope_section(&mut reading, &mut envelope, child, kind, &name);
            }
            Part::Section(SectionKind::Eula, _) => {
                envelope_eulas.push(sections::eula::read(&mut reading, child));
            }
            Part::Section(kind, name) => {
                let section = sections::unknown::read(
                    &mut reading,
                    child,
                    &name,
                    Some(kind.level().describe()),
                    "Envelope",
                );
                envelope.unknown.push(section);
            }
            Part::Other(name) => match sections::vmware::read(&reading, child) {
                Some(section) => envelope.vmware.push(section),
                None => {
                    let section =
                        sections::unknown::read(&mut reading, child, &name, None, "Envelope");
                    envelope.unknown.push(section);
                }
            },
        }
    }
    if pending.is_empty() {
        reading.notice(
            NoticeKind::Missing,
            root.span,
            "Envelope",
            "the Envelope has no VirtualSystem or VirtualSystemCollection".to_owned(),
        );
    }
    // Depth first with an explicit stack: nesting never costs call stack.
    pending.reverse();
    while let Some((element, parent, kind)) = pending.pop() {
        let index = envelope.contents.len();
        let (content, members) = read_content(&mut reading, element, kind, parent);
        envelope.contents.push(content);
        if let Some(parent) = parent {
            envelope.contents[parent].children.push(index);
        }
        for (member, member_kind) in members.into_iter().rev() {
            pending.push((member, Some(index), member_kind));
        }
    }
    place_envelope_eulas(&mut reading, &mut envelope, envelope_eulas);
    if let Some(stand_in) = envelope.strings.stand_in_language() {
        reading.notice(
            NoticeKind::DefaultLanguage,
            root.span,
            "Envelope",
            format!(
                "the Envelope has no xml:lang and every Strings bundle names a language; texts are shown in the descriptor's own words, and those with ovf:msgid but no words of their own in `{stand_in}`"
            ),
        );
    }
    let hrefs: HashMap<String, String> = envelope
        .references
        .iter()
        .map(|f| (f.id.value.clone(), f.href.value.clone()))
        .collect();
    let mut disks: Vec<&mut sections::Disk> = envelope
        .disk_section
        .iter_mut()
        .chain(envelope.shared_disks.iter_mut())
        .flat_map(|s| s.disks.iter_mut())
        .collect();
    sections::disk::read_formats(&mut reading, &mut disks, |id| hrefs.get(id).cloned());
    envelope.notices = reading.notices;
    Ok(envelope)
}

/// Older VMware tools wrote a licence directly in the Envelope: it becomes the licence of
/// the top system or collection, so the operator still has to accept it.
fn place_envelope_eulas(
    reading: &mut Reading<'_>,
    envelope: &mut Envelope,
    eulas: Vec<EulaSection>,
) {
    for eula in eulas.into_iter().rev() {
        let span = eula.span;
        let Some(top) = envelope.contents.first_mut() else {
            envelope.unknown.push(UnknownSection {
                namespace: envelope.namespace.clone(),
                name: "EulaSection".to_owned(),
                qname: "EulaSection".to_owned(),
                required: true,
                required_explicit: None,
                misplaced: Some(Level::AnyContent.describe()),
                info: None,
                span,
            });
            continue;
        };
        reading.notice(
            NoticeKind::PlacedSection,
            span,
            "Envelope",
            format!(
                "EulaSection sits directly in the Envelope; DSP0243 puts it in a VirtualSystem or VirtualSystemCollection. Read as the licence of {}",
                top.label()
            ),
        );
        top.eulas.insert(0, eula);
    }
}

fn strings_bundle(reading: &mut Reading<'_>, element: &XmlElement) -> StringsBundle {
    let mut messages = BTreeMap::new();
    for msg in reading.children(element) {
        if !msg.is_ovf("Msg") {
            continue;
        }
        if let Some(id) = reading.required_attr(msg, "msgid", "Strings/Msg") {
            messages.insert(id.value, msg.text.clone());
        }
    }
    StringsBundle {
        lang: element.attr(NsKind::Xml, "lang").map(|a| a.value.clone()),
        file_ref: reading.attr(element, "fileRef"),
        messages,
        file_messages: BTreeMap::new(),
        span: element.span,
    }
}

/// Reads the messages of an external bundle file's tree into `(lang, messages)`.
pub fn bundle_messages(tree: &XmlTree) -> Result<BTreeMap<String, String>, String> {
    let root = tree.root();
    if !root.is_ovf("Strings") {
        return Err(format!(
            "its root element is <{}>, not an OVF <Strings> element",
            root.qname
        ));
    }
    Ok(tree
        .children(root)
        .filter(|m| m.is_ovf("Msg"))
        .filter_map(|m| Some((m.ovf_value("msgid")?.to_owned(), m.text.clone())))
        .collect())
}

fn once<T>(
    reading: &mut Reading<'_>,
    slot: &mut Option<T>,
    value: T,
    element: &XmlElement,
    owner: &str,
) {
    if slot.is_some() {
        reading.notice(
            NoticeKind::Malformed,
            element.span,
            owner,
            format!(
                "{owner} has a second {}; only one is allowed and this one is ignored",
                element.name.local
            ),
        );
    } else {
        *slot = Some(value);
    }
}

/// DSP0243 gives every content and section an `Info`: the one text a deployer must be able
/// to show for it. VMware's tools refuse an element without one.
fn require_info(reading: &mut Reading<'_>, element: &XmlElement, owner: &str) {
    if reading.tree.ovf_child(element, "Info").is_none() {
        reading.notice(
            NoticeKind::Missing,
            element.span,
            owner,
            format!(
                "<{}> in {owner} has no <Info>; DSP0243 requires one on every section and every VirtualSystem or VirtualSystemCollection",
                element.qname
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::XmlLimits;
    use crate::model::ovf::sections::Capacity;
    use crate::model::ovf::xml::parse;

    const COMPLETE: &str = include_str!("../../../../tests/fixtures/ovf/complete/vims.ovf");

    fn envelope(text: &str) -> Envelope {
        read(&parse(text, &XmlLimits::default()).unwrap()).unwrap()
    }

    fn wrap(body: &str) -> String {
        format!(
            "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ecs=\"urn:ecs\">{body}</Envelope>"
        )
    }

    #[test]
    fn references_keep_size_compression_and_chunking() {
        let e = envelope(COMPLETE);
        assert_eq!(e.references.len(), 4);
        assert_eq!(e.references[0].chunk_count(), Some(3));
        assert_eq!(e.references[1].compression.as_deref(), Some("gzip"));
        assert_eq!(e.file("cscf-day0").and_then(|f| f.size), Some(16));
    }

    #[test]
    fn disk_sections_read_capacity_units_property_capacity_and_volume_type() {
        let e = envelope(COMPLETE);
        let hss = e.disk("hss-boot").unwrap();
        assert!(
            matches!(&hss.capacity.as_ref().unwrap().value, Capacity::Property(k) if k == "hss.disk_gb")
        );
        assert_eq!(
            e.disk("hss-data").unwrap().volume_type.as_deref(),
            Some("SSD")
        );
        assert_eq!(
            e.disk("cscf-boot").unwrap().capacity_bytes(|_| None),
            Some(40 << 30)
        );
        assert_eq!(
            e.shared_disks[0].disks[0].capacity_bytes(|_| None),
            Some(536_870_912)
        );
    }

    #[test]
    fn networks_read_ecs_attributes_and_port_profiles() {
        let e = envelope(COMPLETE);
        let sig = &e.networks()[0];
        assert_eq!(sig.extension.segmentation_id.as_deref(), Some("3950"));
        assert_eq!(sig.extension.external, Some(false));
        assert_eq!(sig.port_profiles[0].transmit_vlans, vec!["101", "102"]);
        assert_eq!(
            e.networks()[1]
                .description
                .as_ref()
                .unwrap()
                .msgid
                .as_deref(),
            Some("net.oam")
        );
    }

    #[test]
    fn ecs_sections_are_read_from_any_extension_namespace() {
        let e = envelope(COMPLETE);
        assert_eq!(
            e.virtual_routers[0].entries[0].name.as_deref(),
            Some("VRF_SIG")
        );
        let interfaces = &e.router_interfaces[0].entries;
        assert_eq!(
            interfaces[0].virtual_router_ref.as_ref().unwrap().value,
            "vrf-sig"
        );
        assert_eq!(
            interfaces[1].border_gateway_host_id.as_deref(),
            Some("BGW-1")
        );
        assert_eq!(
            e.resource_groups[0].entries[0].placements,
            vec![("placementZone".to_owned(), "nova-a".to_owned())]
        );
        assert_eq!(
            e.contents[1].resource_group_ref.as_ref().unwrap().value,
            "zone-a"
        );
    }

    #[test]
    fn deployment_options_know_their_default() {
        let e = envelope(COMPLETE);
        assert_eq!(e.configurations().len(), 2);
        assert_eq!(e.default_configuration(), Some("production"));
        let first = envelope(&wrap(
            "<DeploymentOptionSection><Info/><Configuration ovf:id=\"a\"/><Configuration ovf:id=\"b\"/></DeploymentOptionSection><VirtualSystem ovf:id=\"x\"/>",
        ));
        assert_eq!(first.default_configuration(), Some("a"));
    }

    #[test]
    fn collections_nest_with_their_sections() {
        let e = envelope(COMPLETE);
        let vims = &e.contents[0];
        assert_eq!(vims.kind, ContentKind::Collection);
        assert_eq!(vims.children, vec![1, 2]);
        assert_eq!(e.contents[2].parent, Some(0));
        assert!(vims.annotation.is_some());
        assert_eq!(vims.startup.as_ref().unwrap().items[1].stop_delay, Some(30));
        assert_eq!(vims.scale_out[0].minimum, Some(2));
        assert_eq!(vims.resource_allocation.as_ref().unwrap().items.len(), 3);
        assert_eq!(vims.eulas.len(), 1);
    }

    #[test]
    fn virtual_systems_read_their_sections() {
        let e = envelope(COMPLETE);
        let pcscf = &e.contents[1];
        assert_eq!(pcscf.operating_system.as_ref().unwrap().id, Some(101));
        assert_eq!(
            pcscf.install.as_ref().unwrap().initial_boot_stop_delay,
            Some(300)
        );
        assert_eq!(
            pcscf.environment_files.as_ref().unwrap().files[0]
                .file_ref
                .value,
            "cscf-day0"
        );
        assert_eq!(pcscf.boot_devices[0].configs[0].sources.len(), 2);
        assert_eq!(pcscf.placements[0].group.value, "cscf-anti");
        assert_eq!(
            pcscf.hardware[0].transport,
            vec!["iso", "com.vmware.guestInfo"]
        );
        assert_eq!(pcscf.hardware[0].items.len(), 8);
        assert_eq!(pcscf.unknown.len(), 1);
        assert!(!pcscf.unknown[0].required);
    }

    #[test]
    fn products_read_keys_categories_and_option_values() {
        let e = envelope(COMPLETE);
        let subscribers = e.property("ims.subscribers").unwrap();
        assert_eq!(subscribers.default_for(Some("lab")), Some("1000"));
        assert_eq!(subscribers.default_for(Some("production")), Some("500000"));
        assert_eq!(subscribers.category.as_ref().unwrap().text, "Domain");
        let password = e.property("pcscf.admin_password.1").unwrap();
        assert!(password.password && password.user_configurable);
        assert!(password.check_value("short").is_err());
        assert!(
            e.property("pcscf.sig_ip.1")
                .unwrap()
                .check_value("10.33.168.71")
                .is_ok()
        );
        assert_eq!(
            e.contents[0].products[0]
                .full_version
                .as_ref()
                .unwrap()
                .text,
            "21.4.0-1187"
        );
    }

    #[test]
    fn placement_groups_encryption_and_strings_are_kept() {
        let e = envelope(COMPLETE);
        assert_eq!(
            e.placement_groups[0].policy.as_deref(),
            Some("availability")
        );
        assert_eq!(e.encryption.len(), 1);
        assert_eq!(e.strings.default_lang.as_deref(), Some("en-US"));
        assert_eq!(e.strings.bundles[0].lang.as_deref(), Some("de-DE"));
        assert_eq!(
            e.strings.bundles[0].file_ref.as_ref().unwrap().value,
            "msgs-de"
        );
    }

    #[test]
    fn unknown_and_misplaced_sections_are_kept_with_required() {
        let e = envelope(&wrap(
            "<ecs:Foo><Info>x</Info></ecs:Foo><VirtualSystem ovf:id=\"x\"><DiskSection><Info/></DiskSection><ecs:Bar ovf:required=\"false\"/></VirtualSystem>",
        ));
        assert!(e.unknown[0].required && e.unknown[0].required_explicit.is_none());
        assert_eq!(
            e.contents[0].unknown[0].misplaced,
            Some("directly in the Envelope")
        );
        assert_eq!(e.contents[0].unknown[1].required_explicit, Some(false));
    }

    #[test]
    fn versions_and_non_ovf_roots() {
        let slash = "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1/\"/>";
        let e = envelope(slash);
        assert_eq!(e.version, OvfVersion::V1);
        assert_eq!(e.notices[0].kind, NoticeKind::NamespaceSlash);
        let tree = parse("<Envelope xmlns=\"urn:x\"/>", &XmlLimits::default()).unwrap();
        assert!(matches!(
            read(&tree),
            Err(DescriptorError::UnknownVersion { .. })
        ));
        let tree = parse("<html/>", &XmlLimits::default()).unwrap();
        assert!(matches!(read(&tree), Err(DescriptorError::NotOvf { .. })));
        let tree = parse("<Envelope/>", &XmlLimits::default()).unwrap();
        let error = read(&tree).unwrap_err().to_string();
        assert!(
            error.starts_with("the Envelope has no namespace, which is no OVF version"),
            "{error}"
        );
    }
}
