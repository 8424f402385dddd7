//! The VMware dialect (`OVF-dialect/…`): what VMware's tools write and read that DSP0243
//! words otherwise. Each is read the way VMware's tools read it and reported as a warning
//! at its place (docs/mapping.md, "The VMware dialect").

mod blank_file_ref;
mod boolean_case;
mod default_language;
mod disk_format;
mod empty_setting;
mod host_resource;
mod option_override;
mod os_id;
mod placed_section;
mod undeclared_network;
mod unprefixed_attribute;
mod unqualified_element;
mod value_without_value;

use crate::check::rules::Rule;

/// The dialect rules.
pub const RULES: &[&Rule] = &[
    &blank_file_ref::RULE,
    &boolean_case::RULE,
    &default_language::RULE,
    &disk_format::RULE,
    &empty_setting::RULE,
    &host_resource::RULE,
    &option_override::RULE,
    &os_id::RULE,
    &placed_section::RULE,
    &unprefixed_attribute::RULE,
    &undeclared_network::RULE,
    &unqualified_element::RULE,
    &value_without_value::RULE,
];
