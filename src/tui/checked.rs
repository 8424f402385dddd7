//! One evaluation of the answers as the review panes and the write step show it: the
//! violations, a text to filter each one by, the text and line index of every file a
//! violation points into, previews, and why nothing can be written yet. Built on the
//! session's thread, so the panes only look things up.

use std::collections::HashMap;
use std::time::Duration;

use crate::answers::FixRecord;
use crate::fix::{Preview as FixPreview, Safety};
use crate::report::{LineIndex, Severity, SourceTexts, Violation};

/// What the review offers for one violation (`src/fix/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixView {
    /// A fix ready to apply.
    Ready(PlannedFix),
    /// A fix that writes text only the operator can give (a description).
    NeedsText {
        /// What the fix would do.
        title: String,
        /// What to ask.
        prompt: String,
    },
    /// No fix here, and why.
    Unavailable(String),
}

/// One or more fixes as `f` and `F` preview them, with the answers records that apply
/// them (the session replays `answers.fixes` when it resolves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedFix {
    /// One line: what is done.
    pub title: String,
    /// Its safety (the lowest, for several).
    pub safety: Safety,
    /// The diff against the output set as it is now.
    pub preview: FixPreview,
    /// What goes into `answers.fixes` to apply it.
    pub records: Vec<FixRecord>,
    /// Fixes the plan left out, and why (for `F`).
    pub notes: Vec<String>,
}

/// A file's text with its line starts.
#[derive(Debug)]
pub struct FileText {
    /// The text.
    pub text: String,
    /// Where its lines start.
    pub lines: LineIndex,
}

/// A tab of the review step showing a file's text, or the conversion's warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The tab's title (`Template`, `Environment`, `Warnings`).
    pub title: String,
    /// The file's path (for warnings, how many).
    pub path: String,
    /// Its text.
    pub text: String,
    /// Paragraphs to wrap to the pane (warnings), not a file's lines to number.
    pub prose: bool,
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
            fixes: Vec::new(),
            safe_fixes: 0,
            elapsed,
        }
    }

    /// The fix of the violation at `index`, when one answers its rule.
    pub fn fix(&self, index: usize) -> Option<&FixView> {
        self.fixes.get(index).and_then(Option::as_ref)
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
    /// Problems of answers the resolved set shows (a parameter answered that its
    /// environment file must not list), shown at their fields.
    pub answer_problems: Vec<crate::session::AnswerProblem>,
}
