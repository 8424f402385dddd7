//! Where input comes from: folders and archives read safely, and package-relative paths.

mod detect;
pub mod disk_image;
mod error;
mod files;
mod overlay;
pub mod path;
pub mod tar;

pub use detect::{
    InputKind, Located, OutputFolder, csar_in_folder, detect, locate, output_folder, ovf_in_folder,
    signed_csar_layout,
};
pub use error::SourceError;
pub use files::PackageFiles;
pub use overlay::Overlay;

/// The folder of an onboarding output that holds the HOT set: the heat package, flat (ONAP's
/// R-511776), exactly what the heat zip beside it holds.
pub const HEAT_FOLDER: &str = "heat";

/// The answers file at the top of an onboarding output, beside `heat/` and the packages.
pub const ANSWERS_NAME: &str = "answers.yaml";
