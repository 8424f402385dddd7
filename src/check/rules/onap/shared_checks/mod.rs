//! Checks that several ONAP rules share, each written once here and called from the rule
//! files, which stay one rule per file. Each names the rules that call it.

pub mod attached_id;
pub mod constrained_input;
pub mod env_name;
pub mod forbidden_type;
pub mod http_type;
pub mod module_env;
pub mod named_resources;
pub mod nested_name;
pub mod network_id;
pub mod oam_address;
pub mod ports;
pub mod required_section;
pub mod role_in_id;
pub mod server_parameter_name;
pub mod server_parameters;
pub mod typed_resource_id;
pub mod unique_per_vm_type;
pub mod vm_type_case;
pub mod vm_type_in_id;
