//! Validation: the rules, and the runs that apply them to each input.

pub mod rules;
pub mod validation;
