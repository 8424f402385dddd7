//! Requirements on the `parameters:` section.

mod r00011_nested_constraints;
mod r11441_type_value;
pub(crate) mod r25877_parameter_name;
pub(crate) mod r26124_default_in_env;
mod r35414_parameters_section;
mod r36772_type_present;
pub(crate) mod r44001_parameter_description;
pub(crate) mod r90279_parameter_used;
pub(crate) mod r90526_no_default;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r35414_parameters_section::RULE,
    &r90279_parameter_used::RULE,
    &r25877_parameter_name::RULE,
    &r36772_type_present::RULE,
    &r11441_type_value::RULE,
    &r44001_parameter_description::RULE,
    &r90526_no_default::RULE,
    &r26124_default_in_env::RULE,
    &r00011_nested_constraints::RULE,
];
