//! One fix provider per file, each answering the rules it names.

pub mod create_env;
pub mod default_to_env;
pub mod duplicate_key;
pub mod env_parameters;
pub mod inline_registry;
pub mod name_from_vnf_name;
pub mod parameter_description;
pub mod rename_parameter;
pub mod rename_resource;
pub mod supplied_value;
pub mod template_description;
pub mod unused_parameter;
pub mod version_date;
