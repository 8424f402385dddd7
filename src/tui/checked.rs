//! One evaluation of the answers as the review panes and the write step show it: the
//! violations and the other findings (answers that stop the write, conversion and
//! composition warnings), a text to filter each one by, the text and line index of every
//! file a violation points into, where each file is on disk, every output file's text, and
//! why nothing can be written yet. Built on the session's thread, so the panes only look
//! things up.

use std::collections::HashMap;
use std::time::Duration;

use crate::foundation::diagnostics::{LineIndex, Severity, SourceTexts, Violation};
use crate::session::SourceFile;
pub use crate::session::{FixView, PlannedFix};

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
    /// What the file is (`template`, `environment`, `nested`, `artifact`, `answers`).
    pub title: String,
    /// The file's path.
    pub path: String,
    /// Its text (secrets masked).
    pub text: String,
}

/// What a finding that is no rule's violation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// An answer that stops the output from being resolved.
    Answer,
    /// A warning (or error) of the conversion, the composition or the fixes.
    Note,
}

impl FindingKind {
    /// The word the list shows in its rule column.
    pub fn label(self) -> &'static str {
        match self {
            FindingKind::Answer => "answer",
            FindingKind::Note => "note",
        }
    }
}

/// A finding of an evaluation that is no rule's violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// Answer problem or note.
    pub kind: FindingKind,
    /// What it is about (`parameter vnf_id`, `capability choice OS::VNF::Node`).
    pub subject: String,
    /// The check it fails (`required`, `MinLen(3)`, `CAP-ambiguous`); empty for a note.
    pub rule: String,
    /// What is wrong, in full.
    pub message: String,
    /// The subject of the answer that puts it right, when one does (a field's subject).
    pub answer: Option<String>,
}

/// One row of the review's list: a violation or another finding.
#[derive(Clone, Copy, Debug)]
pub enum Item<'a> {
    /// A rule's violation.
    Violation(&'a Violation),
    /// An answer problem or a note.
    Finding(&'a Finding),
}

impl Item<'_> {
    /// How serious it is.
    pub fn severity(&self) -> Severity {
        match self {
            Item::Violation(v) => v.severity(),
            Item::Finding(f) => f.severity,
        }
    }

    /// The rule column: a rule id, `answer`, `note` (or `warning`, for a note that warns:
    /// an item called a note is counted as one).
    pub fn id(&self) -> &str {
        match self {
            Item::Violation(v) => v.rule.id,
            Item::Finding(f) if f.kind == FindingKind::Note && f.severity == Severity::Warning => {
                "warning"
            }
            Item::Finding(f) => f.kind.label(),
        }
    }

    /// The file it points into, for a violation.
    pub fn file(&self) -> Option<&str> {
        match self {
            Item::Violation(v) => Some(&v.file),
            Item::Finding(_) => None,
        }
    }

    /// The place column: `file:line` of a violation, the subject of a finding.
    pub fn place(&self) -> String {
        match self {
            Item::Violation(v) => format!("{}:{}", v.file, v.span.line),
            Item::Finding(f) => f.subject.clone(),
        }
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        match self {
            Item::Violation(v) => &v.message,
            Item::Finding(f) => &f.message,
        }
    }

    /// The text the `/` filter matches: the rule column, the message and the place, in
    /// the order the list highlights them.
    fn haystack(&self) -> String {
        format!("{} {} {}", self.id(), self.message(), self.place())
    }
}

/// The result of one validation run.
#[derive(Debug, Default)]
pub struct Checked {
    /// Violations sorted by file and place.
    pub violations: Vec<Violation>,
    /// Answer problems and notes; the list's items after the violations.
    pub findings: Vec<Finding>,
    /// For each item (violations, then findings), the text the `/` filter matches.
    pub haystacks: Vec<String>,
    /// For each violation, the subject of the answer that decides the value it points at
    /// (empty when none is known).
    pub answers: Vec<Option<String>>,
    /// The files violations point into.
    pub files: HashMap<String, FileText>,
    /// Where each file of the output and of the package is on disk, or why it is not.
    pub origins: HashMap<String, Result<SourceFile, String>>,
    /// Every output file, for the Files tab.
    pub previews: Vec<Preview>,
    /// For each violation, its fix (`None`: no fix answers its rule); empty when the set
    /// cannot be fixed.
    pub fixes: Vec<Option<FixView>>,
    /// How many violations have a `safe` fix ready; `F` asks the session for their plan.
    pub safe_fixes: usize,
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
            .map(|v| Item::Violation(v).haystack())
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
            findings: Vec::new(),
            haystacks,
            answers: Vec::new(),
            files,
            origins: HashMap::new(),
            previews,
            fixes: Vec::new(),
            safe_fixes: 0,
            elapsed,
        }
    }

    /// Adds answer problems and notes after the violations.
    pub fn add_findings(&mut self, findings: Vec<Finding>) {
        self.haystacks
            .extend(findings.iter().map(|f| Item::Finding(f).haystack()));
        self.findings.extend(findings);
    }

    /// How many items the list has: violations and findings.
    pub fn len(&self) -> usize {
        self.violations.len() + self.findings.len()
    }

    /// Whether there is nothing to list.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The item at `index`: a violation, or a finding after them.
    pub fn item(&self, index: usize) -> Option<Item<'_>> {
        match self.violations.get(index) {
            Some(violation) => Some(Item::Violation(violation)),
            None => self
                .findings
                .get(index - self.violations.len())
                .map(Item::Finding),
        }
    }

    /// The subject of the answer that puts the item at `index` right, when one does.
    pub fn answer(&self, index: usize) -> Option<&str> {
        match self.item(index)? {
            Item::Violation(_) => self.answers.get(index)?.as_deref(),
            Item::Finding(finding) => finding.answer.as_deref(),
        }
    }

    /// The fix of the item at `index`, when one answers its rule.
    pub fn fix(&self, index: usize) -> Option<&FixView> {
        self.fixes.get(index).and_then(Option::as_ref)
    }

    /// How many items (violations and findings) have this severity.
    pub fn count(&self, severity: Severity) -> usize {
        (0..self.len())
            .filter_map(|i| self.item(i))
            .filter(|item| item.severity() == severity)
            .count()
    }

    /// How many violations of the output set have error severity (they stop the write).
    pub fn errors(&self) -> usize {
        self.violations
            .iter()
            .filter(|v| v.severity() == Severity::Error)
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
    /// Why the answers cannot be resolved yet, one line each (`None` once they can); each
    /// reason is also a finding of `checked`.
    pub refusal: Option<Vec<String>>,
    /// Parameters left without a value for stack creation: (name, template).
    pub unset: Vec<(String, String)>,
    /// The choices among implementations as these answers leave them (HOT sets with a
    /// choice only).
    pub capabilities: Option<crate::model::capabilities::Summary>,
    /// The parameters to ask as these answers leave them (a chosen implementation may
    /// leave its own open).
    pub parameters: Vec<crate::session::ParameterGroup>,
    /// Problems of answers the resolved set shows (a parameter answered that its
    /// environment file must not list), shown at their fields.
    pub answer_problems: Vec<crate::session::AnswerProblem>,
}
