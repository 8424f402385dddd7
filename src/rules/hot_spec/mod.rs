//! R-92635 "compliant with the OpenStack Template Guide": the HOT specification's own checks,
//! each under its own sub-code.

mod yaml_syntax;

use super::Rule;

/// The HOT-spec rules.
pub const RULES: &[&Rule] = &[&yaml_syntax::RULE];
