//! ONAP's VNF Heat requirements, grouped by the catalogue's sections.

mod cinder;
mod contrail;
mod environment;
mod forbidden_type;
pub mod naming;
mod network_role;
mod networking;
mod networks;
mod neutron;
mod parameters;
pub mod ports;
mod required_section;
mod resources;
mod structure;

use super::Rule;

/// Each section's rules.
const SECTIONS: &[&[&Rule]] = &[
    structure::RULES,
    parameters::RULES,
    resources::RULES,
    environment::RULES,
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
