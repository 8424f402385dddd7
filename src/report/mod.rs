//! Violations and how they are printed: text, JSON, SARIF and JUnit.

mod document;
mod line_index;
pub mod render;
mod severity;
mod violation;

pub use document::{InputReport, InputRoot, Report, SourceTexts, Unchecked};
pub use line_index::LineIndex;
pub use severity::{Keyword, Severity};
pub use violation::{Related, Violation};
