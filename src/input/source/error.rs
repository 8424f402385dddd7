//! Why a package or one of its files could not be read.

use std::path::PathBuf;

/// A failure to open a package or read a file from it; each names the file and the fix.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The path does not exist.
    #[error("{0}: no such file or folder")]
    NotFound(PathBuf),
    /// The operating system refused a read.
    #[error("{path}: {source}")]
    Io {
        /// The file being read.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A file is bigger than the read limit.
    #[error(
        "{path}: {size} bytes is over the {limit}-byte limit for one file (raise it with --max-file-size)"
    )]
    TooLarge {
        /// The file (inside its package).
        path: String,
        /// Its size, or the point where reading stopped.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// An archive cannot be opened as one.
    #[error("{path}: not a readable zip archive ({reason})")]
    BadArchive {
        /// The archive.
        path: PathBuf,
        /// What the zip reader said.
        reason: String,
    },
    /// An archive holds an entry vnfwiz refuses to extract; the whole archive is refused.
    #[error(
        "{archive}: entry `{entry}` {reason}; the archive is refused and nothing in it is read"
    )]
    UnsafeEntry {
        /// The archive.
        archive: PathBuf,
        /// The entry name as stored.
        entry: String,
        /// Why it is refused.
        reason: String,
    },
    /// A folder or archive lists more entries than allowed.
    #[error("{path}: more than {limit} entries (raise it with --max-entries)")]
    TooManyEntries {
        /// The folder or archive.
        path: PathBuf,
        /// The limit.
        limit: usize,
    },
    /// Reading the archive would decompress more than the total budget.
    #[error(
        "{path}: entries expand past {limit} bytes in total; this looks like a zip bomb (raise it with --max-archive-size)"
    )]
    ArchiveBudget {
        /// The archive.
        path: PathBuf,
        /// The total limit.
        limit: u64,
    },
    /// A tar (OVA) archive whose headers cannot be read.
    #[error("{path}: not a readable tar archive at byte {offset} ({reason})")]
    BadTar {
        /// The archive.
        path: PathBuf,
        /// Where the bad header starts.
        offset: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A tar (OVA) archive that ends early.
    #[error(
        "{path}: the archive is truncated at byte {offset} ({what}); copy or download it again"
    )]
    Truncated {
        /// The archive.
        path: PathBuf,
        /// Where the data stops.
        offset: u64,
        /// What was being read there.
        what: String,
    },
    /// A tar extension header (pax or GNU long name) bigger than the limit.
    #[error(
        "{path}: the tar extension header at byte {offset} holds {size} bytes, over the {limit}-byte limit (raise it with --max-tar-header-size)"
    )]
    TarHeaderTooLarge {
        /// The archive.
        path: PathBuf,
        /// Where the header starts.
        offset: u64,
        /// Its declared size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A name that is not in the package.
    #[error("{0}: not found in the package")]
    Missing(String),
    /// The input is of a kind this command does not handle.
    #[error("{path}: {reason}")]
    Unsupported {
        /// The input.
        path: PathBuf,
        /// What was expected instead.
        reason: String,
    },
}
