//! Checks the Neutron and Contrail port rules share: address parameter names and types,
//! their environment files, the base module's outputs and the `aap_exempt` metadata.

pub mod address;
pub mod advice;
pub mod base_output;
pub mod enumerated;
pub mod exempt;
