//! vnfwiz's own checks of the values a template set gives (`VALUE-…`): what no requirement
//! words but every deployment trips over.

mod placeholder;

use crate::check::rules::Rule;

/// The value rules.
pub const RULES: &[&Rule] = &[&placeholder::RULE];
