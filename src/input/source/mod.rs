//! Where input comes from: folders and archives read safely, and package-relative paths.

mod detect;
pub mod disk_image;
mod error;
mod files;
mod overlay;
pub mod path;
pub mod tar;

pub use detect::{InputKind, Located, csar_in_folder, detect, locate, ovf_in_folder};
pub use error::SourceError;
pub use files::PackageFiles;
pub use overlay::Overlay;

/// The folder inside an onboarding output where vnfwiz keeps its record of the run (the
/// answers file and the packages), apart from the HOT set: a folder's listing leaves it
/// out, as it leaves out `.git`, so the output folder reads as the set alone.
pub const RECORD_FOLDER: &str = ".vnfwiz";
