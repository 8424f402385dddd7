//! Why a reference to another file leads nowhere.

use crate::input::source::path::PathError;

/// A reference that could not be followed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReferenceError {
    /// The path leaves the package or is a URL; it was never read.
    #[error(transparent)]
    Path(#[from] PathError),
    /// No such file in the package.
    #[error("`{0}` is not in the package")]
    Missing(String),
    /// The file exists but could not be read.
    #[error("{0}")]
    Unreadable(String),
    /// The set holds more files than the limit allows.
    #[error("the set already holds {0} files (raise it with --max-files)")]
    TooManyFiles(usize),
}
