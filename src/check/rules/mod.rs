//! Validation rules: one file per rule, grouped by area, listed in one registry.

pub mod capabilities;
mod context;
mod csar_context;
mod doc;
pub mod hot_spec;
mod meta;
pub mod onap;
pub mod ovf;
mod ovf_context;
pub mod ovf_integrity;
pub mod package;
mod profiles;
mod registry;
mod selection;
pub mod twins;
pub mod values;

pub use context::{Composed, Context, Findings};
pub use csar_context::{CsarContext, FILE_START};
pub use doc::{Example, RuleExtras, anchor, markdown};
pub use meta::{Check, Rule};
pub use ovf_context::OvfContext;
pub use profiles::{OUTPUT_PROFILE, Profile, ProfileError, Profiles, RuleChoice, output_rules};
pub use registry::{all, applies_to_base_hot, check_csar, check_hot, check_ovf, find};
pub use selection::{Selection, SelectionError};
