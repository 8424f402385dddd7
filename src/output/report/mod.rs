//! How a report is printed: text, JSON, SARIF, JUnit, HTML and CSV (the report itself is
//! `crate::foundation::diagnostics::Report`), and written to a file.

pub mod file;
pub mod render;
