//! The OVF descriptor model: a secure XML reader, the typed envelope with every section of
//! DSP0243 Table 1 and the `ecs:` extensions, units, properties, localisation and deployment
//! options.

pub mod deployment;
pub mod descriptor;
mod dialect;
pub mod envelope;
mod error;
pub mod inspection;
mod located;
pub mod namespace;
mod notice;
mod ova;
pub mod package;
pub mod property;
mod reading;
pub mod sections;
pub mod strings;
pub mod units;
pub mod xml;

pub use deployment::{
    ResolvedDisk, ResolvedNic, SystemHardware, effective_items, property_defaults,
    resolved_hardware, resolved_hardware_with,
};
pub use descriptor::{Descriptor, parse};
pub use envelope::{Content, ContentKind, Envelope};
pub use error::DescriptorError;
pub use located::Located;
pub use namespace::OvfVersion;
pub use notice::{Notice, NoticeKind};
pub use ova::OvaFiles;
pub use package::{OvfFiles, OvfPackage, open, open_through};
pub use property::{Property, PropertyType, Qualifier, ValueError};
pub use strings::{Localisation, LocalizedText, one_line};
pub use units::AllocationUnits;
