//! Requirements of the catalogue's "General Guidelines for Heat" section.

mod r95303_valid_yaml;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r95303_valid_yaml::RULE];
