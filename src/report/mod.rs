//! How a report is printed: text, JSON, SARIF and JUnit (the report itself is
//! `crate::diagnostics::Report`).

pub mod render;
