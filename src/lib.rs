//! vnfwiz: onboard a VNF from OVF/OVA or HOT templates, validated against ONAP and the HOT spec.

pub mod answers;
pub mod capabilities;
pub mod convert;
pub mod fault;
pub mod fix;
pub mod hot;
pub mod integrity;
pub mod interrupt;
pub mod limits;
pub mod ovf;
pub mod package;
pub mod parallel;
pub mod report;
pub mod rules;
pub mod session;
pub mod source;
pub mod tui;
pub mod validation;
pub mod yaml;

/// An error and its causes on one line (`a: b: c`), as every face reports them.
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    message
}
