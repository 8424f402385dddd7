//! Requirements on the `parameters:` section.

mod r90526_no_default;

use crate::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r90526_no_default::RULE];
