//! ONAP's VNF Heat requirements, grouped by the catalogue's sections.

mod cinder;
mod constructs;
pub(crate) mod contrail;
pub(crate) mod environment;
mod filenames;
mod general;
mod modularity;
mod network_role;
mod networking;
pub(crate) mod neutron;
pub(crate) mod nova;
pub(crate) mod nova_metadata;
mod onboarding;
mod output_names;
mod output_parameters;
pub(crate) mod parameters;
mod resource_ids;
pub(crate) mod resource_property;
pub(crate) mod resources;
pub(crate) mod shared_checks;
pub(crate) mod structure;
mod vm_type;
pub(crate) mod vocabulary;

use super::Rule;
use super::meta::{concat, count};

/// Each section's rules.
const SECTIONS: &[&[&Rule]] = &[
    structure::RULES,
    parameters::RULES,
    resources::RULES,
    environment::RULES,
    filenames::RULES,
    modularity::RULES,
    output_parameters::RULES,
    onboarding::RULES,
    constructs::RULES,
    resource_ids::RULES,
    vm_type::RULES,
    nova::RULES,
    nova_metadata::RULES,
    resource_property::RULES,
    output_names::RULES,
    general::RULES,
    neutron::RULES,
    contrail::RULES,
    network_role::RULES,
    networking::RULES,
    cinder::RULES,
];

/// The ONAP rules.
pub const RULES: &[&Rule] = &concat::<{ count(SECTIONS) }>(SECTIONS);
