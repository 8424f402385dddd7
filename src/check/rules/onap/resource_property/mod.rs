//! Requirements of the catalogue's "Resource Property" section: the `name` of resources other
//! than servers.

pub(crate) mod r85734_name_str_replace;
pub(crate) mod r99812_name_env;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r85734_name_str_replace::RULE, &r99812_name_env::RULE];
