//! Where input comes from: folders and archives read safely, and package-relative paths.

mod detect;
pub mod disk_image;
mod error;
mod files;
pub mod path;
pub mod tar;

pub use detect::{InputKind, csar_in_folder, detect, ovf_in_folder};
pub use error::SourceError;
pub use files::PackageFiles;
