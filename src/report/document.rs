//! A whole validation report: every input with its violations and a way back to source text.

use std::borrow::Cow;

use super::severity::Severity;
use super::violation::Violation;

/// Gives renderers the text of a file so they can show the offending line.
pub trait SourceTexts {
    /// The text of a file of the input, by its relative path.
    fn text(&self, file: &str) -> Option<Cow<'_, str>>;

    /// How many files were checked.
    fn file_count(&self) -> usize;
}

/// The violations found in one input (a set, a package, an OVF).
pub struct InputReport {
    /// The path the operator gave.
    pub label: String,
    /// The files, for snippets.
    pub sources: Box<dyn SourceTexts + Send + Sync>,
    /// Violations, sorted by file and place.
    pub violations: Vec<Violation>,
}

/// Every input of one run.
pub struct Report {
    /// Inputs in the order given.
    pub inputs: Vec<InputReport>,
    /// How many rules ran.
    pub rules_checked: usize,
}

impl Report {
    /// All violations of all inputs.
    pub fn violations(&self) -> impl Iterator<Item = &Violation> {
        self.inputs.iter().flat_map(|i| i.violations.iter())
    }

    /// How many violations have this severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.violations()
            .filter(|v| v.severity() == severity)
            .count()
    }

    /// How many files were checked over all inputs.
    pub fn files(&self) -> usize {
        self.inputs.iter().map(|i| i.sources.file_count()).sum()
    }

    /// True when any violation is an error (exit code 1).
    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }
}
