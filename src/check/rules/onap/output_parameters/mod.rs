//! ONAP output parameters: what volume modules publish for their modules, and how modules
//! declare the values base and volume modules hand them.

mod r07443_volume_output_input;
mod r20547_volume_output_constraints;
mod r22608_base_output_constraints;
mod r89913_volume_output_uuid;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r22608_base_output_constraints::RULE,
    &r07443_volume_output_input::RULE,
    &r20547_volume_output_constraints::RULE,
    &r89913_volume_output_uuid::RULE,
];
