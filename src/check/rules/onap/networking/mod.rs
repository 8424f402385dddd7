//! ONAP Heat Networking: external networks stay outside the VNF, internal ones are created by
//! it, with subnets, and shared through the base module.

mod r16241_internal_network_subnet;
mod r16968_no_external_network;
mod r22688_shared_internal_network;
mod r35666_internal_network_created;

use crate::check::rules::Rule;

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r16968_no_external_network::RULE,
    &r16241_internal_network_subnet::RULE,
    &r22688_shared_internal_network::RULE,
    &r35666_internal_network_created::RULE,
];
