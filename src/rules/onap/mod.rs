//! ONAP's VNF Heat requirements, grouped by the catalogue's sections.

mod parameters;

use super::Rule;

/// The ONAP rules.
pub const RULES: &[&Rule] = parameters::RULES;
