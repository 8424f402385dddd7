//! What a child of the Envelope or of a content element is: the sections the model knows
//! and where each may appear (DSP0243 Table 1).

use crate::model::ovf::namespace::NsKind;
use crate::model::ovf::xml::XmlElement;

use super::ContentKind;

/// The kinds of section the model knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SectionKind {
    Disk,
    Network,
    DeploymentOption,
    SharedDisk,
    PlacementGroup,
    Encryption,
    VirtualRouter,
    RouterInterface,
    ResourceGroup,
    Annotation,
    Product,
    Eula,
    Placement,
    OperatingSystem,
    Install,
    EnvironmentFiles,
    BootDevice,
    VirtualHardware,
    ResourceAllocation,
    Startup,
    ScaleOut,
}

/// Where a section may appear (DSP0243 Table 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Level {
    Envelope,
    AnyContent,
    System,
    Collection,
}

impl SectionKind {
    pub(super) fn of(name: &str) -> Option<SectionKind> {
        Some(match name {
            "DiskSection" => SectionKind::Disk,
            "NetworkSection" => SectionKind::Network,
            "DeploymentOptionSection" => SectionKind::DeploymentOption,
            "SharedDiskSection" => SectionKind::SharedDisk,
            "PlacementGroupSection" => SectionKind::PlacementGroup,
            "EncryptionSection" => SectionKind::Encryption,
            "AnnotationSection" => SectionKind::Annotation,
            "ProductSection" => SectionKind::Product,
            "EulaSection" => SectionKind::Eula,
            "PlacementSection" => SectionKind::Placement,
            "OperatingSystemSection" => SectionKind::OperatingSystem,
            "InstallSection" => SectionKind::Install,
            "EnvironmentFilesSection" => SectionKind::EnvironmentFiles,
            "BootDeviceSection" => SectionKind::BootDevice,
            "VirtualHardwareSection" => SectionKind::VirtualHardware,
            "ResourceAllocationSection" => SectionKind::ResourceAllocation,
            "StartupSection" => SectionKind::Startup,
            "ScaleOutSection" => SectionKind::ScaleOut,
            _ => return None,
        })
    }

    pub(super) fn of_extension(name: &str) -> Option<SectionKind> {
        Some(match name {
            "VirtualRouterSection" => SectionKind::VirtualRouter,
            "VirtualNetworkRouterInterfaceSection" => SectionKind::RouterInterface,
            "ResourceGroupSection" => SectionKind::ResourceGroup,
            _ => return None,
        })
    }

    pub(super) fn level(self) -> Level {
        match self {
            SectionKind::Disk
            | SectionKind::Network
            | SectionKind::DeploymentOption
            | SectionKind::SharedDisk
            | SectionKind::PlacementGroup
            | SectionKind::Encryption
            | SectionKind::VirtualRouter
            | SectionKind::RouterInterface
            | SectionKind::ResourceGroup => Level::Envelope,
            SectionKind::Annotation
            | SectionKind::Product
            | SectionKind::Eula
            | SectionKind::Placement => Level::AnyContent,
            SectionKind::OperatingSystem
            | SectionKind::Install
            | SectionKind::EnvironmentFiles
            | SectionKind::BootDevice
            | SectionKind::VirtualHardware => Level::System,
            SectionKind::ResourceAllocation | SectionKind::Startup | SectionKind::ScaleOut => {
                Level::Collection
            }
        }
    }
}

impl Level {
    pub(super) fn describe(self) -> &'static str {
        match self {
            Level::Envelope => "directly in the Envelope",
            Level::AnyContent => "in a VirtualSystem or VirtualSystemCollection",
            Level::System => "in a VirtualSystem",
            Level::Collection => "in a VirtualSystemCollection",
        }
    }

    pub(super) fn admits(self, here: Level) -> bool {
        self == here
            || (self == Level::AnyContent && matches!(here, Level::System | Level::Collection))
    }
}

/// What a child of the Envelope or of a content element is.
pub(super) enum Part {
    Info,
    Name,
    References,
    Strings,
    Content(ContentKind),
    Section(SectionKind, String),
    Other(String),
}

/// What `element` is, by its qualified name (or, in OVF 0.9, its `xsi:type`).
pub(super) fn classify(element: &XmlElement) -> Part {
    let local = element.name.local.as_str();
    match element.name.kind {
        NsKind::Ovf => match local {
            "Info" => Part::Info,
            "Name" => Part::Name,
            "References" => Part::References,
            "Strings" => Part::Strings,
            "VirtualSystem" => Part::Content(ContentKind::VirtualSystem),
            "VirtualSystemCollection" => Part::Content(ContentKind::Collection),
            // OVF 0.9 names sections and contents by xsi:type.
            "Section" | "Content" => {
                let typed = element
                    .xsi_type
                    .as_ref()
                    .filter(|t| t.kind == NsKind::Ovf)
                    .and_then(|t| t.local.strip_suffix("_Type"))
                    .unwrap_or(local);
                match typed {
                    "VirtualSystem" => Part::Content(ContentKind::VirtualSystem),
                    "VirtualSystemCollection" => Part::Content(ContentKind::Collection),
                    name => match SectionKind::of(name) {
                        Some(kind) => Part::Section(kind, name.to_owned()),
                        None => Part::Other(name.to_owned()),
                    },
                }
            }
            name => match SectionKind::of(name) {
                Some(kind) => Part::Section(kind, name.to_owned()),
                None => Part::Other(name.to_owned()),
            },
        },
        NsKind::Extension => match SectionKind::of_extension(local) {
            Some(kind) => Part::Section(kind, local.to_owned()),
            None => Part::Other(local.to_owned()),
        },
        _ => Part::Other(local.to_owned()),
    }
}
