//! SOL004 CSARs as read for checking: the archive or folder, `TOSCA.meta`, the VNFD, the
//! manifest with its digests and signature, the BaseHOT template sets, and the signed zip a
//! CSAR may travel in; the model the `CSAR-…` rules check and the package writer reuses.

pub mod blocks;
pub mod digest;
pub mod manifest;
pub mod meta;
pub mod package;
pub mod signature;
pub mod signed;
pub mod vnfd;

pub use package::{BaseHot, Csar, SignatureCheck, Signed, open_csar};
pub use signed::SignedArchive;
