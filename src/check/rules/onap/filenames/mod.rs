//! ONAP Heat Orchestration Templates Overview: how module, nested and environment files are
//! named.

mod r31141_volume_env_name;
mod r56438_nested_extension;
mod r70276_nested_vm_type_name;
mod r74304_env_extension;
mod r76057_nested_name;
mod r81339_base_name;
mod r82732_volume_name;
mod r87247_incremental_name;
mod r87485_template_extension;
mod r91342_base_env_name;
mod r94509_incremental_env_name;
mod r99646_unique_yaml_name;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r81339_base_name::RULE,
    &r91342_base_env_name::RULE,
    &r87247_incremental_name::RULE,
    &r94509_incremental_env_name::RULE,
    &r82732_volume_name::RULE,
    &r31141_volume_env_name::RULE,
    &r76057_nested_name::RULE,
    &r70276_nested_vm_type_name::RULE,
    &r56438_nested_extension::RULE,
    &r87485_template_extension::RULE,
    &r74304_env_extension::RULE,
    &r99646_unique_yaml_name::RULE,
];
