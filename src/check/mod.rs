//! Validation: the rules, and the runs that apply them to each input.

pub mod config;
pub mod rule_source;
pub mod rules;
pub mod validation;
pub mod waivers;
