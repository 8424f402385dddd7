//! One evaluation as the wizard holds it: the session's [`Evaluation`] (findings with their
//! fixes, the gate, the counts) with what the panes look things up by, built on the
//! session's thread so drawing never waits: a text to filter each finding by, the text and
//! line index of every file a violation points into, where each file is on disk, every
//! output file's text, and what the answers leave to ask.

use std::collections::HashMap;
use std::time::Duration;

use crate::foundation::diagnostics::{LineIndex, Severity, SourceTexts, Violation};
use crate::model::capabilities::Summary;
use crate::session::{
    Answered, CheckedWith, Evaluation, Finding, FindingKind, Gate, ParameterGroup, RemarkKind,
    Session, SourceFile,
};
pub use crate::session::{FixView, PlannedFix};
use crate::transform::fix::Safety;

/// A file's text with its line starts.
#[derive(Debug)]
pub struct FileText {
    /// The text.
    pub text: String,
    /// Where its lines start.
    pub lines: LineIndex,
}

/// An output file as the review's Files tab shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// What the file is (`template`, `environment`, `incremental module`, `nested`...).
    pub title: String,
    /// The file's path.
    pub path: String,
    /// Its text (secrets masked).
    pub text: String,
}

/// The text the `/` filter matches for a finding: the rule column, the message and the
/// place, and a waived finding's reason, in the order the list highlights them.
fn haystack(finding: &Finding) -> String {
    let mut text = format!("{} {} {}", finding.id(), finding.message(), finding.place());
    if let Some(waived) = &finding.waived {
        text.push(' ');
        text.push_str(&waived.reason);
    }
    text
}

/// One evaluation with its lookups.
#[derive(Debug)]
pub struct Evaluated {
    /// The session's evaluation.
    pub evaluation: Evaluation,
    /// Its gate, computed once.
    pub gate: Gate,
    /// For each finding, the text the `/` filter matches.
    pub haystacks: Vec<String>,
    /// The files violations point into.
    pub files: HashMap<String, FileText>,
    /// Where each file of the output and of the package is on disk, or why it is not.
    pub origins: HashMap<String, Result<SourceFile, String>>,
    /// Every output file, for the Files tab.
    pub previews: Vec<Preview>,
    /// Parameters left without a value for stack creation: (name, template).
    pub unset: Vec<(String, String)>,
    /// The choices among implementations as these answers leave them (HOT sets with a
    /// choice only).
    pub capabilities: Option<Summary>,
    /// The parameters to ask as these answers leave them (a chosen implementation may
    /// leave its own open).
    pub parameters: Vec<ParameterGroup>,
    /// The profile and the project config the output is checked with.
    pub checked_with: CheckedWith,
    /// How long the run took.
    pub elapsed: Duration,
}

impl Evaluated {
    /// The session's evaluation of `answered` with what the steps look up: snippets' texts
    /// from the output set (hidden values masked), where each file is on disk, the output
    /// files' previews, and the questions as these answers leave them.
    pub fn build(session: &mut Session, answered: &Answered) -> Evaluated {
        // The evaluation first: it follows the answers' profile, which decides what ONAP
        // supplies and so what is asked. A choice among implementations changes what is
        // asked too: the session says anew.
        let evaluation = session.evaluate(answered);
        let questions = session.questions_for(&answered.answers);
        let mut evaluated = Evaluated::new(evaluation);
        evaluated.checked_with = session.checked_with();
        evaluated.capabilities = questions.capabilities;
        evaluated.parameters = questions.parameters;
        let findings = &evaluated.evaluation.findings;
        let mut origins = HashMap::new();
        let mut place = |path: &str, output| {
            if !origins.contains_key(path) {
                let origin = session
                    .source_file(path, output)
                    .map_err(|why| why.to_string());
                origins.insert(path.to_owned(), origin);
            }
        };
        // Files of the package a finding points into: the OVF rules' and the files not
        // checked, read where they are.
        for finding in findings {
            match &finding.kind {
                FindingKind::Package(violation) => place(&violation.file, None),
                FindingKind::Remark(remark) if remark.kind == RemarkKind::NotChecked => {
                    place(&remark.subject, None)
                }
                FindingKind::Remark(_) | FindingKind::Output(_) => {}
            }
        }
        if let Some(resolved) = evaluated.evaluation.resolved() {
            for file in &resolved.files {
                place(&file.path, Some(file));
            }
            evaluated.previews = resolved
                .previews()
                .into_iter()
                .map(|p| Preview {
                    title: p.what.to_owned(),
                    path: p.path,
                    text: p.text,
                })
                .collect();
            evaluated.unset = resolved.unset.clone();
            evaluated.parameters = resolved.still_asked(std::mem::take(&mut evaluated.parameters));
        }
        evaluated.origins = origins;
        evaluated
    }

    /// Indexes `evaluation` for the panes, reading snippets' files from its output set
    /// (an OVF package's descriptor stays with the session: its findings show no lines).
    pub fn new(evaluation: Evaluation) -> Evaluated {
        let files = match evaluation.resolved() {
            Some(resolved) => file_texts(&evaluation.findings, &resolved.set),
            None => HashMap::new(),
        };
        Evaluated::indexed(evaluation, files)
    }

    /// Indexes `evaluation`, reading snippets' files from `texts` (a review built without
    /// a session's texts: the screens' tests and the wizard's benchmark).
    pub fn with_texts(evaluation: Evaluation, texts: &dyn SourceTexts) -> Evaluated {
        let files = file_texts(&evaluation.findings, texts);
        Evaluated::indexed(evaluation, files)
    }

    fn indexed(evaluation: Evaluation, files: HashMap<String, FileText>) -> Evaluated {
        Evaluated {
            gate: evaluation.gate(),
            haystacks: evaluation.findings.iter().map(haystack).collect(),
            evaluation,
            files,
            origins: HashMap::new(),
            previews: Vec::new(),
            unset: Vec::new(),
            capabilities: None,
            parameters: Vec::new(),
            checked_with: CheckedWith::default(),
            elapsed: Duration::ZERO,
        }
    }

    /// How many items the list has.
    pub fn len(&self) -> usize {
        self.evaluation.findings.len()
    }

    /// Whether there is nothing to list.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many of the items are violations that count (they come first).
    pub fn violation_count(&self) -> usize {
        self.evaluation
            .findings
            .iter()
            .take_while(|f| f.counts())
            .count()
    }

    /// How many of the items are waived violations (they come last).
    pub fn waived_count(&self) -> usize {
        self.evaluation
            .findings
            .iter()
            .rev()
            .take_while(|f| f.waived.is_some())
            .count()
    }

    /// The violations that count, in list order (the first
    /// [`Evaluated::violation_count`] items).
    pub fn violations(&self) -> impl Iterator<Item = &Violation> {
        self.evaluation
            .findings
            .iter()
            .take_while(|f| f.counts())
            .filter_map(Finding::violation)
    }

    /// The item at `index`.
    pub fn item(&self, index: usize) -> Option<&Finding> {
        self.evaluation.findings.get(index)
    }

    /// The subject of the answer that puts the item at `index` right, when one does.
    pub fn answer(&self, index: usize) -> Option<&str> {
        self.item(index)?.answer.as_deref()
    }

    /// The fix of the item at `index`, when one answers its rule.
    pub fn fix(&self, index: usize) -> Option<&FixView> {
        self.item(index)?.fix.as_ref()
    }

    /// How many items have this severity, waived ones left out.
    pub fn count(&self, severity: Severity) -> usize {
        self.evaluation.count(severity)
    }

    /// How many violations have a `safe` fix ready; `F` asks the session for their plan.
    pub fn safe_fixes(&self) -> usize {
        self.evaluation
            .findings
            .iter()
            .filter(|f| matches!(&f.fix, Some(FixView::Ready(p)) if p.safety == Safety::Safe))
            .count()
    }

    /// Whether no rule's violation that counts is listed (only remarks and waived ones, if
    /// anything).
    pub fn no_violation(&self) -> bool {
        self.evaluation.findings.iter().all(|f| !f.counts())
    }
}

/// The text and line index of every file a violation points into.
fn file_texts(findings: &[Finding], texts: &dyn SourceTexts) -> HashMap<String, FileText> {
    let mut files = HashMap::new();
    for violation in findings.iter().filter_map(Finding::violation) {
        if files.contains_key(&violation.file) {
            continue;
        }
        if let Some(text) = texts.text(&violation.file) {
            let text = text.into_owned();
            let lines = LineIndex::new(&text);
            files.insert(violation.file.clone(), FileText { text, lines });
        }
    }
    files
}
