//! Reading input safely: files and archives, YAML with spans, package integrity.

pub mod integrity;
pub mod source;
pub mod yaml;
