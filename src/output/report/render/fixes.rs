//! The fix each finding has, for the formats that show it (HTML and CSV): the fix the
//! wizard's review offers, found and previewed (hidden values masked) the same way; and
//! for the text report's closing line, how many of the findings that count a fix answers.

use std::collections::HashMap;

use crate::check::rules::Selection;
use crate::check::validation::CheckedInput;
use crate::foundation::diagnostics::{InputRoot, Report, Violation};
use crate::model::open::Loaded;
use crate::session::{Evaluation, FindingKind, FixView, Fixable, Offered, offered_fixes};

/// A finding as its fix is looked up: rule, file, place and message. Findings keep these
/// while the waivers sort them into counted and waived.
type Key = (&'static str, String, u32, u32, String);

fn key(violation: &Violation) -> Key {
    (
        violation.rule.id,
        violation.file.clone(),
        violation.span.start,
        violation.span.end,
        violation.message.clone(),
    )
}

/// The fix of each finding of a report, per input.
#[derive(Default)]
pub struct Fixes {
    inputs: Vec<HashMap<Key, FixView>>,
}

impl Fixes {
    /// No finding has a fix (what a report without them shows).
    pub fn none() -> Fixes {
        Fixes::default()
    }

    /// Adds the next input's fixes, parallel to its `violations` (shorter: the rest have
    /// none); only those there is something to offer of are kept.
    pub fn push(&mut self, violations: &[Violation], fixes: Vec<Option<FixView>>) {
        let offered = violations
            .iter()
            .zip(fixes)
            .filter_map(|(v, fix)| match fix? {
                FixView::Unavailable(_) => None,
                view => Some((key(v), view)),
            })
            .collect();
        self.inputs.push(offered);
    }

    /// The fix of each of an evaluation's output-set findings, as it offers them (one
    /// input: the output set; what `onboard --report` and the wizard's report show).
    pub fn of_evaluation(evaluation: &Evaluation) -> Fixes {
        let (violations, views): (Vec<_>, Vec<_>) = evaluation
            .findings
            .iter()
            .filter_map(|finding| match &finding.kind {
                FindingKind::Output(violation) => Some((violation.clone(), finding.fix.clone())),
                FindingKind::Package(_) | FindingKind::Remark(_) => None,
            })
            .unzip();
        let mut fixes = Fixes::none();
        fixes.push(&violations, views);
        fixes
    }

    /// The fix of `violation` of input `input`: one ready to apply, or one that needs the
    /// operator's text; `None` when there is no fix to offer.
    pub fn of(&self, input: usize, violation: &Violation) -> Option<&FixView> {
        self.inputs.get(input)?.get(&key(violation))
    }

    /// How many of the violations that count in `report` (its inputs in the order these
    /// fixes were found) a fix is ready for, by severity and safety.
    pub fn fixable(&self, report: &Report) -> Fixable {
        let mut fixable = Fixable::default();
        for (input, reported) in report.inputs.iter().enumerate() {
            for violation in &reported.violations {
                if let Some(FixView::Ready(fix)) = self.of(input, violation) {
                    fixable.add(violation.severity(), fix.safety);
                }
            }
        }
        fixable
    }
}

/// What the fixes are found for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixesFor {
    /// Shown with each finding (HTML, CSV): every HOT set's, each with its diff.
    Shown,
    /// Counted in the text report's closing line: only the sets `--fix` can write back
    /// (folders and files, not archives), without their diffs.
    Counted,
}

/// What a fix is, in one word, as the reports name it: `safe` or `review` (applied by
/// `validate --fix`), `needs text` (the operator writes it in the wizard), `no`.
pub fn availability(fix: Option<&FixView>) -> &'static str {
    match fix {
        Some(FixView::Ready(planned)) => planned.safety.as_str(),
        Some(FixView::NeedsText { .. }) => "needs text",
        Some(FixView::Unavailable(_)) | None => "no",
    }
}

/// The fix of each finding of `checked`'s HOT sets (those `purpose` wants), found on each
/// set as loaded (OVF packages and CSARs have none); the inputs come back unchanged.
pub fn find_fixes(
    checked: Vec<CheckedInput>,
    rules: &Selection,
    purpose: FixesFor,
) -> (Vec<CheckedInput>, Fixes) {
    let mut fixes = Fixes::none();
    let wanted =
        |root: &InputRoot| purpose == FixesFor::Shown || matches!(root, InputRoot::Folder(_));
    let inputs = checked
        .into_iter()
        .map(|input| match input.loaded {
            Loaded::Hot(set) if wanted(&input.root) => {
                let Offered {
                    set,
                    violations,
                    fixes: offered,
                } = offered_fixes(
                    *set,
                    input.violations,
                    rules.clone(),
                    purpose == FixesFor::Shown,
                );
                fixes.push(&violations, offered);
                CheckedInput {
                    loaded: Loaded::Hot(Box::new(set)),
                    violations,
                    ..input
                }
            }
            other => {
                fixes.push(&[], Vec::new());
                CheckedInput {
                    loaded: other,
                    ..input
                }
            }
        })
        .collect();
    (inputs, fixes)
}
