//! ONAP Heat Cinder Volumes: what a volume module holds.

mod r270358_volume_module_volume;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r270358_volume_module_volume::RULE];
