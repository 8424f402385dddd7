//! How results are shown: text, JSON, SARIF and JUnit reports, and each command's own output.

pub mod report;
