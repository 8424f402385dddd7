//! Why an integrity check could not run to the end (as opposed to what it found).

use std::path::PathBuf;

use crate::input::source::SourceError;

/// A failure that stops an integrity check; problems in the package itself are findings.
#[derive(Debug, thiserror::Error)]
pub enum IntegrityError {
    /// The package or a file in it cannot be read safely.
    #[error(transparent)]
    Source(#[from] SourceError),
    /// The caller cancelled the run.
    #[error("the integrity check was cancelled")]
    Cancelled,
    /// An OVA holds no `.ovf` descriptor.
    #[error("{archive}: no OVF descriptor (`.ovf` entry) in the archive; an OVA must hold one")]
    NoDescriptor {
        /// The archive.
        archive: PathBuf,
    },
    /// A manifest or certificate is bigger than vnfwiz keeps in memory.
    #[error(
        "{file}: {size} bytes is over the {limit}-byte limit for a manifest or certificate (raise it with --max-manifest-size)"
    )]
    TooLarge {
        /// The manifest or certificate.
        file: String,
        /// Its size, or the point where reading stopped.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Reading a file failed while it was hashed.
    #[error("{file}: {source}")]
    Read {
        /// The file being hashed.
        file: String,
        /// What the reader said.
        source: std::io::Error,
    },
}
