//! vnfwiz: onboard a VNF from OVF/OVA or HOT templates, validated against ONAP and the HOT spec.

pub mod yaml;
