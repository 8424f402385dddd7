//! A whole validation report: every input with its violations and a way back to source text.

use std::borrow::Cow;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use super::{RuleMeta, Severity, Violation, WaivedBy, WaivedViolation};

/// Gives renderers the text of a file so they can show the offending line. It is `Any`, so
/// a face holding a report can reach the model it was made from (the language server's
/// hover reads the set `validate` loaded).
pub trait SourceTexts: std::any::Any {
    /// The text of a file of the input, by its relative path.
    fn text(&self, file: &str) -> Option<Cow<'_, str>>;

    /// How many files were checked.
    fn file_count(&self) -> usize;
}

/// Where the files of an input live; violation paths are relative to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputRoot {
    /// A folder (absolute path).
    Folder(PathBuf),
    /// An archive (absolute path); file paths are entry names inside it.
    Archive(PathBuf),
}

impl InputRoot {
    /// The folder or archive.
    pub fn path(&self) -> &std::path::Path {
        match self {
            InputRoot::Folder(path) | InputRoot::Archive(path) => path,
        }
    }
}

/// A file of an input that was not checked, and why (a note, never a silent skip).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
    /// Its path relative to the input's root.
    pub file: String,
    /// Why it was not checked.
    pub reason: String,
}

/// The violations found in one input (a set, a package, an OVF).
pub struct InputReport {
    /// The path the operator gave.
    pub label: String,
    /// What violation paths are relative to.
    pub root: InputRoot,
    /// The files, for snippets.
    pub sources: Box<dyn SourceTexts + Send + Sync>,
    /// Violations that count, sorted by file and place.
    pub violations: Vec<Violation>,
    /// Violations a waiver accepts: shown with their reason, never counted.
    pub waived: Vec<WaivedViolation>,
    /// Files that were not checked, with the reason.
    pub not_checked: Vec<Unchecked>,
    /// How the input was read, where the operator could not guess it (the environment file
    /// paired with a template given alone).
    pub notes: Vec<String>,
    /// How long loading and checking this input took.
    pub elapsed: Duration,
}

/// Every input of one run.
pub struct Report {
    /// Inputs in the order given.
    pub inputs: Vec<InputReport>,
    /// The rules that ran, sorted by id.
    pub rules: Vec<&'static RuleMeta>,
}

/// The texts of some files of an input, copied: an input's findings shown apart from the
/// input itself (an OVF source's own findings on a report of its output set).
pub struct CopiedTexts {
    /// Each file's relative path and text.
    pub texts: Vec<(String, String)>,
    /// How many files were checked.
    pub checked: usize,
}

impl SourceTexts for CopiedTexts {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        self.texts
            .iter()
            .find(|(name, _)| name == file)
            .map(|(_, text)| Cow::Borrowed(text.as_str()))
    }

    fn file_count(&self) -> usize {
        self.checked
    }
}

impl Report {
    /// `use_report` given this report with `input`, when there is one, as its first input
    /// (taken out again afterwards): a report file showing a source's own findings before
    /// those of the set made from it.
    pub fn with_first_input<T>(
        &mut self,
        input: Option<InputReport>,
        use_report: impl FnOnce(&Report) -> T,
    ) -> T {
        let Some(input) = input else {
            return use_report(self);
        };
        self.inputs.insert(0, input);
        let used = use_report(self);
        self.inputs.remove(0);
        used
    }

    /// How many rules ran.
    pub fn rules_checked(&self) -> usize {
        self.rules.len()
    }

    /// The rules that ran, then any rule a violation names (as its rule or a twin it also
    /// breaks) that is not among them, each once: what a report format lists as its rules.
    pub fn listed_rules(&self) -> Vec<&'static RuleMeta> {
        let mut listed: Vec<&'static RuleMeta> = Vec::with_capacity(self.rules.len());
        let mut seen = HashSet::new();
        for rule in self
            .rules
            .iter()
            .copied()
            .chain(
                self.violations()
                    .flat_map(|v| std::iter::once(v.rule).chain(v.also.iter().copied())),
            )
            .chain(self.waived().map(|w| w.violation.rule))
        {
            if seen.insert(rule.id) {
                listed.push(rule);
            }
        }
        listed
    }

    /// All violations of all inputs.
    pub fn violations(&self) -> impl Iterator<Item = &Violation> {
        self.inputs.iter().flat_map(|i| i.violations.iter())
    }

    /// All waived violations of all inputs.
    pub fn waived(&self) -> impl Iterator<Item = &WaivedViolation> {
        self.inputs.iter().flat_map(|i| i.waived.iter())
    }

    /// How many violations are waived, of every source but `except` (the text report
    /// counts a baseline's apart).
    pub fn count_waived(&self, except: Option<WaivedBy>) -> usize {
        self.waived()
            .filter(|w| Some(w.waived.by) != except)
            .count()
    }

    /// How many violations (that count) have this severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.violations()
            .filter(|v| v.severity() == severity)
            .count()
    }

    /// How many files were checked over all inputs.
    pub fn files(&self) -> usize {
        self.inputs.iter().map(|i| i.sources.file_count()).sum()
    }

    /// How many files were not checked over all inputs.
    pub fn not_checked(&self) -> usize {
        self.inputs.iter().map(|i| i.not_checked.len()).sum()
    }

    /// True when any violation is an error (exit code 1).
    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }
}
