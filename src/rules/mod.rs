//! Validation rules: one file per rule, grouped by area, listed in one registry.

pub mod capabilities;
mod context;
pub mod hot_spec;
mod meta;
pub mod onap;
pub mod ovf;
mod ovf_context;
pub mod ovf_integrity;
mod registry;

pub use context::{Composed, Context, Findings};
pub use meta::{Check, Rule, RuleMeta};
pub use ovf_context::OvfContext;
pub use registry::{Selection, UnknownRule, all, check_hot, check_ovf, find};
