//! Report formats: compiler-style text, JSON (DESIGN.md's contract), SARIF 2.1.0, JUnit XML.

pub mod json;
pub mod text;
