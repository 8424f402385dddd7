//! The package step, after templates are resolved and validated and before anything is
//! written: where SOL004 CSAR and ONAP heat-zip writers plug in. This build writes
//! templates only.

use crate::answers::PackageFormat;

use super::resolve::{OutputFile, Resolved};

/// Why a package cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// The format is not available in this build.
    #[error(
        "--package {0} is not available yet: this build writes the templates, environment and answers only; use --package none"
    )]
    NotAvailable(&'static str),
}

/// The package files for `format` (none for `PackageFormat::None`).
pub fn package_files(
    _resolved: &Resolved,
    format: PackageFormat,
) -> Result<Vec<OutputFile>, PackageError> {
    match format {
        PackageFormat::None => Ok(Vec::new()),
        other => Err(PackageError::NotAvailable(other.as_str())),
    }
}
