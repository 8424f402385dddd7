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

const fn count(sections: &[&[&Rule]]) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < sections.len() {
        total += sections[i].len();
        i += 1;
    }
    total
}

/// Joins the section lists at compile time (a const context has no iterators).
const fn concat<const N: usize>(sections: &[&[&'static Rule]]) -> [&'static Rule; N] {
    let mut out = [sections[0][0]; N];
    let mut at = 0;
    let mut i = 0;
    while i < sections.len() {
        let mut j = 0;
        while j < sections[i].len() {
            out[at] = sections[i][j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    out
}
