//! How a report is printed: text, JSON, SARIF and JUnit (the report itself is
//! `crate::foundation::diagnostics::Report`).

pub mod render;
