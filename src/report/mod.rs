//! Violations and how they are printed: text, JSON, SARIF and JUnit.

mod document;
pub mod render;

pub use document::{InputReport, InputRoot, Report, SourceTexts, Unchecked};
