//! How results are shown: text, JSON, SARIF, JUnit, HTML and CSV reports, and each command's own output.

pub mod report;
