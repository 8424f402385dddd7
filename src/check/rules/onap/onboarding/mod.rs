//! ONAP VNF on-boarding: what the heat package is and holds.

mod r348813_no_image;
mod r511776_flat_package;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r348813_no_image::RULE, &r511776_flat_package::RULE];
