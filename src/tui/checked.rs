//! One evaluation of the answers as the review panes and the write step show it: the
//! violations, a text to filter each one by, the text and line index of every file a
//! violation points into, previews, and why nothing can be written yet. Built on the
//! session's thread, so the panes only look things up.

use std::collections::HashMap;
use std::time::Duration;

use crate::report::{LineIndex, Severity, SourceTexts, Violation};

/// A file's text with its line starts.
#[derive(Debug)]
pub struct FileText {
    /// The text.
    pub text: String,
    /// Where its lines start.
    pub lines: LineIndex,
}

/// A tab of the review step showing a file's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The tab's title (`Template`, `Environment`).
    pub title: String,
    /// The file's path.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// The result of one validation run.
#[derive(Debug, Default)]
pub struct Checked {
    /// Violations sorted by file and place.
    pub violations: Vec<Violation>,
    /// For each violation, the text the `/` filter matches (rule id, message, file).
    pub haystacks: Vec<String>,
    /// The files violations point into.
    pub files: HashMap<String, FileText>,
    /// Files to preview in tabs.
    pub previews: Vec<Preview>,
    /// How long the run took.
    pub elapsed: Duration,
}

impl Checked {
    /// Indexes `violations` for the panes, reading snippets' files from `texts`.
    pub fn new(
        violations: Vec<Violation>,
        texts: &dyn SourceTexts,
        previews: Vec<Preview>,
        elapsed: Duration,
    ) -> Checked {
        let haystacks = violations
            .iter()
            .map(|v| format!("{} {} {}:{}", v.rule.id, v.message, v.file, v.span.line))
            .collect();
        let mut files = HashMap::new();
        for violation in &violations {
            if files.contains_key(&violation.file) {
                continue;
            }
            if let Some(text) = texts.text(&violation.file) {
                let text = text.into_owned();
                let lines = LineIndex::new(&text);
                files.insert(violation.file.clone(), FileText { text, lines });
            }
        }
        Checked {
            violations,
            haystacks,
            files,
            previews,
            elapsed,
        }
    }

    /// How many violations have this severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.violations
            .iter()
            .filter(|v| v.severity() == severity)
            .count()
    }
}

/// One evaluation of the answers: the validated output set (or why there is none yet),
/// conversion warnings, parameters left for stack creation and what is still to ask.
#[derive(Debug, Default)]
pub struct Resolution {
    /// The output set's violations with the OVF rules' findings on the package, the texts
    /// they point into and previews of the template and environment.
    pub checked: Checked,
    /// Why the answers cannot be resolved yet, one line each (`None` once they can).
    pub refusal: Option<Vec<String>>,
    /// Conversion warnings (OVF sources).
    pub notes: Vec<String>,
    /// Parameters left without a value for stack creation: (name, template).
    pub unset: Vec<(String, String)>,
    /// The choices among implementations as these answers leave them (HOT sets with a
    /// choice only).
    pub capabilities: Option<crate::capabilities::Summary>,
    /// The parameters to ask as these answers leave them (a chosen implementation may
    /// leave its own open).
    pub parameters: Vec<crate::session::ParameterGroup>,
}
