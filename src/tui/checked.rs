//! One validation run as the review panes show it: the violations, a text to filter each
//! one by, the text and line index of every file a violation points into, and previews.
//! Built on a worker thread, so the panes only look things up.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::report::{LineIndex, Severity, SourceTexts, Violation};
use crate::rules::{Selection, check_hot, check_ovf};

use super::loaded::{Loaded, Source};

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

/// Validates a loaded source with every rule.
pub fn check(loaded: &Loaded) -> Checked {
    let started = Instant::now();
    match &loaded.source {
        Source::Hot(set) => {
            let violations = check_hot(set, &Selection::all());
            Checked::new(
                violations,
                set.as_ref(),
                hot_previews(set),
                started.elapsed(),
            )
        }
        Source::Ovf(package) => {
            let violations = check_ovf(package, &Selection::all());
            Checked::new(violations, package.as_ref(), Vec::new(), started.elapsed())
        }
    }
}

/// The base module's template and environment of a set.
fn hot_previews(set: &crate::hot::HotSet) -> Vec<Preview> {
    let Some(base) = set
        .modules
        .iter()
        .find(|m| m.kind == crate::hot::TemplateKind::Base)
        .or(set.modules.first())
    else {
        return Vec::new();
    };
    let preview = |title: &str, id: usize| {
        let file = set.file(id);
        Preview {
            title: title.to_owned(),
            path: file.path.clone(),
            text: file.text().into_owned(),
        }
    };
    let mut previews = vec![preview("Template", base.template)];
    previews.extend(base.env.map(|env| preview("Environment", env)));
    previews
}
