//! The sections of DSP0243 Table 1 and the `ecs:` extensions, one module each.

pub mod annotation;
pub mod boot_device;
pub mod deployment_option;
pub mod disk;
pub mod ecs;
pub mod encryption;
pub mod environment_files;
pub mod eula;
pub mod hardware;
pub mod install;
pub mod network;
pub mod operating_system;
pub mod placement;
pub mod product;
pub mod references;
pub mod scale_out;
pub mod startup;
pub mod unknown;

pub use annotation::AnnotationSection;
pub use boot_device::{BootConfig, BootDeviceSection, BootSource};
pub use deployment_option::{Configuration, DeploymentOptionSection};
pub use disk::{Capacity, Disk, DiskSection};
pub use ecs::{EcsSection, ResourceGroup, RouterInterface, VirtualRouter};
pub use encryption::EncryptionSection;
pub use environment_files::{EnvironmentFile, EnvironmentFilesSection};
pub use eula::EulaSection;
pub use hardware::{AddressPair, HardwareSection, Item, ItemElement, SystemSettings};
pub use install::InstallSection;
pub use network::{Network, NetworkExtension, NetworkSection, PortProfile};
pub use operating_system::OperatingSystemSection;
pub use placement::{PlacementGroupSection, PlacementSection};
pub use product::{Icon, ProductSection};
pub use references::FileRef;
pub use scale_out::ScaleOutSection;
pub use startup::{StartupItem, StartupSection};
pub use unknown::UnknownSection;
