//! SOL004 CSARs as read for checking: the archive or folder, `TOSCA.meta`, the VNFD, the
//! manifest with its digests and signature, and the BaseHOT template sets; the model the
//! `CSAR-…` rules check and the package writer reuses.

pub mod blocks;
pub mod digest;
pub mod manifest;
pub mod meta;
pub mod package;
pub mod signature;
pub mod vnfd;

pub use package::{BaseHot, Csar, SignatureCheck, open_csar};
