//! Requirements of the catalogue's "{vm-type}" section: what a VM type is and how it is
//! written. The vocabulary itself is `vocabulary::vm_type`.

mod r01455_vm_class;
mod r32394_parameter_case;
mod r46839_resource_id_case;
mod r48067_not_in_network_role;
mod r98407_vm_type_characters;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r01455_vm_class::RULE,
    &r32394_parameter_case::RULE,
    &r46839_resource_id_case::RULE,
    &r48067_not_in_network_role::RULE,
    &r98407_vm_type_characters::RULE,
];
