//! How a report is printed: text, JSON, SARIF, JUnit, HTML and CSV (the report itself is
//! `crate::foundation::diagnostics::Report`); `onboard --report` writes one to a file with
//! `crate::foundation::atomic_file`, and `handover` writes the wizard's HTML report beside
//! the output.

pub mod handover;
pub mod render;
