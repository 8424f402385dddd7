//! ONAP Heat template constructs: `get_file`, nested templates and resource groups.

mod r11041_nested_properties;
mod r17528_nested_content;
mod r41888_get_file_url;
mod r50011_group_count_env;
mod r60011_nesting_levels;
mod r708564_nested_parameter_names;
mod r76718_get_file_name;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r41888_get_file_url::RULE,
    &r76718_get_file_name::RULE,
    &r11041_nested_properties::RULE,
    &r17528_nested_content::RULE,
    &r60011_nesting_levels::RULE,
    &r708564_nested_parameter_names::RULE,
    &r50011_group_count_env::RULE,
];
