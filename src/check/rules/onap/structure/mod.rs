//! Requirements on a template's top-level sections (`heat_template_version`, `description`,
//! `resources`).

mod r23664_module_resources;
mod r27078_heat_template_version;
pub(crate) mod r27078_version_date;
pub(crate) mod r39402_description;
mod r90152_resources_not_empty;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r27078_heat_template_version::RULE,
    &r27078_version_date::RULE,
    &r39402_description::RULE,
    &r23664_module_resources::RULE,
    &r90152_resources_not_empty::RULE,
];
