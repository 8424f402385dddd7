//! R-92635 "compliant with the OpenStack Template Guide": the HOT specification's own checks,
//! each under its own sub-code.

mod duplicate_key;
mod file_outside_package;
mod missing_file;
mod nested_cycle;
mod nested_depth;
mod template_size;
mod yaml_limit;
mod yaml_syntax;

use super::Rule;

/// The HOT-spec rules.
pub const RULES: &[&Rule] = &[
    &yaml_syntax::RULE,
    &yaml_limit::RULE,
    &duplicate_key::RULE,
    &template_size::RULE,
    &missing_file::RULE,
    &file_outside_package::RULE,
    &nested_cycle::RULE,
    &nested_depth::RULE,
];
