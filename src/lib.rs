//! vnfwiz: onboard a VNF from OVF/OVA or HOT templates, validated against ONAP and the HOT spec.

pub mod answers;
pub mod capabilities;
pub mod convert;
pub mod fault;
pub mod hot;
pub mod integrity;
pub mod interrupt;
pub mod limits;
pub mod ovf;
pub mod package;
pub mod report;
pub mod rules;
pub mod session;
pub mod source;
pub mod validation;
pub mod yaml;
