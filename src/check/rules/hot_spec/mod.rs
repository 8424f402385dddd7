//! R-92635 "compliant with the OpenStack Template Guide": the HOT specification's own checks,
//! each under its own sub-code.

mod attribute_reference;
mod condition_function;
mod condition_reference;
mod definitions;
mod deletion_policy;
pub(crate) mod duplicate_key;
pub(crate) mod env_parameter;
mod env_section;
mod env_value;
mod file_outside_package;
mod function_arguments;
mod keys;
mod missing_file;
mod misspelt_function;
mod name_clash;
mod nested_cycle;
mod nested_depth;
mod nested_property;
pub(crate) mod no_template;
mod output_definition;
mod output_resource;
mod parameter_constraint;
mod parameter_default;
mod parameter_definition;
mod parameter_groups;
mod parameter_reference;
mod property_report;
mod property_value;
mod required_property;
mod resource_definition;
mod resource_reference;
mod structure;
mod template_size;
mod template_version;
mod unknown_function;
mod unknown_property;
mod unknown_resource_type;
mod unknown_section;
mod yaml_limit;
mod yaml_syntax;

pub(crate) use yaml_syntax::report_unparsed;

use super::Rule;

/// The HOT-spec rules.
pub const RULES: &[&Rule] = &[
    &yaml_syntax::RULE,
    &yaml_limit::RULE,
    &duplicate_key::RULE,
    &template_size::RULE,
    &no_template::RULE,
    &missing_file::RULE,
    &file_outside_package::RULE,
    &nested_cycle::RULE,
    &nested_depth::RULE,
    &structure::RULE,
    &template_version::RULE,
    &unknown_section::RULE,
    &resource_definition::RULE,
    &unknown_resource_type::RULE,
    &unknown_property::RULE,
    &required_property::RULE,
    &property_value::RULE,
    &nested_property::RULE,
    &deletion_policy::RULE,
    &output_definition::RULE,
    &parameter_definition::RULE,
    &parameter_constraint::RULE,
    &parameter_default::RULE,
    &unknown_function::RULE,
    &function_arguments::RULE,
    &condition_function::RULE,
    &misspelt_function::RULE,
    &parameter_reference::RULE,
    &resource_reference::RULE,
    &output_resource::RULE,
    &attribute_reference::RULE,
    &condition_reference::RULE,
    &name_clash::RULE,
    &parameter_groups::RULE,
    &env_section::RULE,
    &env_parameter::RULE,
    &env_value::RULE,
];
