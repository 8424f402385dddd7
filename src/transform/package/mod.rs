//! Writing SOL004 CSARs and ONAP heat zips: a reproducible zip writer, the SOL001 VNFD
//! generated from an OVF model, the CSAR and heat-zip layouts, and writing with the
//! package's own validation. Reading a CSAR is `crate::model::csar`'s.

pub mod csar_writer;
mod error;
pub mod etsi_types;
pub mod heat_zip;
pub mod identity;
mod staging;
pub mod time;
pub mod vnfd_writer;
mod write;
pub mod zip_writer;

/// The vFirewall fixture's OVF package (two deployment options), which the writers' unit
/// tests build from.
#[cfg(test)]
fn vfw_fixture() -> crate::model::ovf::OvfPackage {
    let limits = crate::foundation::limits::Limits::default();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/vfw/vfw.ovf");
    crate::model::ovf::open(
        &fixture,
        &crate::foundation::diagnostics::Options::new(&limits),
    )
    .expect("the vFW fixture opens")
}

pub use csar_writer::{
    CsarFlavour, CsarRequest, DEFAULT_FLAVOUR, FlavourSpec, deployment_flavours, missing_images,
    write_csar,
};
pub use error::PackageError;
pub use etsi_types::{EtsiTypes, EtsiTypesError};
pub use heat_zip::{HeatZipRequest, write_heat_zip};
pub use identity::VnfIdentity;
pub use time::PackageTime;
pub use write::{
    PackageFormat, PackageKind, PackageSet, WrittenPackage, kinds, write_csar_checked,
    write_heat_zip_checked, write_packages,
};
