//! The OVF descriptor model: a secure XML reader, the typed envelope and what operators choose.

mod error;
mod lines;
pub mod namespace;
pub mod xml;

pub use error::DescriptorError;
pub use lines::LineIndex;
