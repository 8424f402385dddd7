//! {network-role}: what a network-role may look like, and that it stays apart from the
//! vm-types.

mod r00977_role_in_vm_type;
mod r26506_role_characters;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r26506_role_characters::RULE, &r00977_role_in_vm_type::RULE];
