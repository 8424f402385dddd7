//! SOL004 CSARs and ONAP heat zips: the reader side (the package model the `CSAR-…`
//! rules check) and, later, the writers.

pub mod blocks;
pub mod csar;
pub mod digest;
pub mod manifest;
pub mod meta;
pub mod signature;
pub mod vnfd;

pub use csar::{BaseHot, Csar, SignatureCheck, open_csar};
