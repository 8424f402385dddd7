//! Why a package could not be written.

use std::path::PathBuf;

use crate::foundation::diagnostics::Violation;
use crate::input::source::SourceError;

use super::time::BadSourceDateEpoch;
use super::zip_writer::ZipWriteError;

/// A package that cannot be written, or that was written and failed its own validation
/// (it was deleted then).
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// A source file (an image, a template) cannot be read.
    #[error(transparent)]
    Source(#[from] SourceError),
    /// The written package cannot be re-opened to check it.
    #[error(transparent)]
    Check(#[from] crate::model::open::InputError),
    /// The output cannot be created or written.
    #[error("{path}: {source}")]
    Output {
        /// The package being written.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Writing an archive entry failed.
    #[error(transparent)]
    Zip(#[from] ZipWriteError),
    /// The OVF package lacks something the VNFD needs.
    #[error("{0}")]
    Incomplete(String),
    /// A disk file vnfwiz cannot store as a software image.
    #[error(
        "{file}: {reason}; vnfwiz stores images as they are and cannot package this one (unpack it first)"
    )]
    Image {
        /// The OVF File's href.
        file: String,
        /// Why.
        reason: String,
    },
    /// `SOURCE_DATE_EPOCH` cannot be read.
    #[error(transparent)]
    Time(#[from] BadSourceDateEpoch),
    /// The written package fails its own validation; it was deleted.
    #[error(
        "{path}: the package vnfwiz wrote fails its own validation with {} error(s) (first: {}); it was deleted",
        .violations.iter().filter(|v| v.severity() == crate::foundation::diagnostics::Severity::Error).count(),
        .violations.iter().find(|v| v.severity() == crate::foundation::diagnostics::Severity::Error).map_or_else(String::new, |v| format!("{} {}:{}:{} {}", v.rule.id, v.file, v.span.line, v.span.column, v.message))
    )]
    Invalid {
        /// The package that was written and removed.
        path: PathBuf,
        /// Everything its validation found.
        violations: Vec<Violation>,
    },
}
