//! Requirements on environment files.

pub(crate) mod r03324_env_parameters;
pub(crate) mod r599443_env_declared;
pub(crate) mod r67231_no_resource_registry;
pub(crate) mod r86285_module_env;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r86285_module_env::RULE,
    &r03324_env_parameters::RULE,
    &r67231_no_resource_registry::RULE,
    &r599443_env_declared::RULE,
];
