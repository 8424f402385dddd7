//! Package integrity for OVF and OVA: manifest digests, the certificate's signature, and
//! hashing at the CPU's SHA speed (across cores for a folder, in one streaming pass for an
//! OVA), with progress and cancellation. Findings are typed data with rule ids
//! (`codes.rs`), so the OVF rules can report them as violations.

pub mod certificate;
pub mod codes;
mod declared;
pub mod digest;
mod error;
pub mod findings;
mod folder;
pub mod manifest;
mod ova;
pub mod progress;
#[cfg(test)]
mod test_packages;
mod verify;

pub use certificate::SignatureInfo;
pub use declared::{Compression, ExpectedFile};
pub use digest::{DigestAlgorithm, Hashed};
pub use error::IntegrityError;
pub use findings::{Finding, WantedBy};
pub use folder::verify_folder;
pub use manifest::Manifest;
pub use ova::{OvaEntry, OvaScan, scan_ova, scan_ova_stream};
pub use progress::{TerminalProgress, Tracker};
pub use verify::{DigestStatus, IntegrityReport, KeptText};
