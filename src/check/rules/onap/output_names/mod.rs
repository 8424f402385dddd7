//! Requirements of the catalogue's "ONAP Output Parameter Names" section: the outputs ONAP
//! inventories.

mod r18683_oam_v4_address;
mod r94669_oam_v6_address;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[&r18683_oam_v4_address::RULE, &r94669_oam_v6_address::RULE];
