//! Violations and how they are printed: text, JSON, SARIF and JUnit.

mod document;
pub mod render;
mod severity;
mod violation;

pub use document::{InputReport, Report, SourceTexts};
pub use severity::{Keyword, Severity};
pub use violation::{Related, Violation};
