//! SOL004 CSARs and ONAP heat zips. Reader side: the package model the `CSAR-…` rules
//! check. Writer side: a reproducible zip writer, the SOL001 VNFD generated from an OVF
//! model, the CSAR and heat-zip layouts, and writing with the package's own validation.

pub mod blocks;
pub mod csar;
pub mod csar_writer;
pub mod digest;
mod error;
pub mod etsi_types;
pub mod heat_zip;
pub mod identity;
pub mod manifest;
pub mod meta;
mod output;
pub mod signature;
pub mod time;
pub mod vnfd;
pub mod vnfd_writer;
mod write;
pub mod zip_writer;

pub use csar::{BaseHot, Csar, SignatureCheck, open_csar};
pub use csar_writer::{
    CsarFlavour, CsarRequest, DEFAULT_FLAVOUR, FlavourSpec, deployment_flavours, write_csar,
};
pub use error::PackageError;
pub use etsi_types::{EtsiTypes, EtsiTypesError};
pub use heat_zip::{HeatZipRequest, write_heat_zip};
pub use identity::VnfIdentity;
pub use time::PackageTime;
pub use write::{
    PackageKind, PackageSet, WrittenPackage, kinds, write_csar_checked, write_heat_zip_checked,
    write_packages,
};
