//! Requirements on resource definitions: their ids, types and properties.

mod r10834_nested_get_param;
pub(crate) mod r16447_unique_resource_id;
mod r53952_http_resource_type;
mod r67386_resource_metadata;
mod r71699_http_nested_template;
pub(crate) mod r75141_resource_id;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r75141_resource_id::RULE,
    &r16447_unique_resource_id::RULE,
    &r53952_http_resource_type::RULE,
    &r71699_http_nested_template::RULE,
    &r10834_nested_get_param::RULE,
    &r67386_resource_metadata::RULE,
];
