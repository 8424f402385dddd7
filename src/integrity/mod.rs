//! Package integrity for OVF and OVA: manifest digests, the certificate's signature, and
//! hashing at the CPU's SHA speed (across cores for a folder, in one streaming pass for an
//! OVA), with progress and cancellation. Findings are typed data with rule ids
//! (`codes.rs`), so the OVF rules can report them as violations.

pub mod certificate;
pub mod codes;
pub mod digest;
mod error;
pub mod findings;
pub mod manifest;
pub mod progress;

pub use certificate::SignatureInfo;
pub use digest::{DigestAlgorithm, Hashed};
pub use error::IntegrityError;
pub use findings::{Finding, WantedBy};
pub use manifest::Manifest;
pub use progress::{Options, Progress, TerminalProgress, Tracker};
