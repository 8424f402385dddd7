//! How a report is printed: text, JSON, SARIF, JUnit, HTML and CSV (the report itself is
//! `crate::foundation::diagnostics::Report`), and written to a file; `handover` writes the
//! wizard's HTML report beside the output.

pub mod file;
pub mod handover;
pub mod render;
