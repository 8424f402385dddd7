//! ONAP VNF modularity: one base module, incremental and volume modules, each with its
//! environment file; what volume and incremental modules hold.

mod r11200_volume_one_to_one;
mod r37028_one_base;
mod r38474_base_env;
mod r53433_volume_env;
mod r589037_volume_resources;
mod r610030_incremental_server;
mod r81725_incremental_env;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r37028_one_base::RULE,
    &r38474_base_env::RULE,
    &r81725_incremental_env::RULE,
    &r53433_volume_env::RULE,
    &r11200_volume_one_to_one::RULE,
    &r589037_volume_resources::RULE,
    &r610030_incremental_server::RULE,
];
