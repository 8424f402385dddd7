//! How a report is printed: text, JSON, SARIF, JUnit, HTML and CSV (the report itself is
//! `crate::foundation::diagnostics::Report`); `onboard --report` writes one to a file with
//! `crate::foundation::atomic_file`.

pub mod render;
