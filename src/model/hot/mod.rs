//! The HOT model: versions, templates, environments, function calls and the loaded set.

pub mod arguments;
pub mod classify;
pub mod custom_constraint;
pub mod functions;
pub mod heat_types;
pub mod implementations;
mod load;
pub mod lookalike;
pub mod manifest;
pub mod nesting;
pub mod parameter_feeds;
pub mod parameters;
mod path_error;
pub mod property_check;
pub mod secrets;
pub mod set;
pub mod stage;
pub mod template;
pub mod usage;
pub mod version;

pub use classify::{NotChecked, NotHeat};
pub use load::{
    ENV_SECTIONS, Roots, env_path_for, implemented_types, load_set, load_set_as,
    module_kind_by_name, registry_matches,
};
pub use path_error::ReferenceError;
pub use set::{
    FileId, HotSet, Module, PackageEntry, Reference, ReferenceKind, Role, SourceFile, TemplateKind,
};
pub use stage::{COMPOSITION_ENV_SECTIONS, COMPOSITION_TEMPLATE_SECTIONS, Stage};
pub use template::{Environment, Template};
pub use version::Version;
