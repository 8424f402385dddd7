//! Fix plans and their previews, for both faces: what `validate --fix --diff` prints and
//! what the wizard's review shows for one fix or for every safe fix (`f`, `F`). A plan
//! decides the answers records that apply it, then resolves the answers with them added, as
//! applying them will: the preview is that resolution's files against the current ones,
//! byte for byte what applying gives, and a fix the replay drops (it would add a finding,
//! or not remove its own) is said so. Every diff masks the set's hidden values by the one
//! secret policy (`hot::secrets`).

use crate::check::rules::{Context, Selection};
use crate::foundation::diagnostics::Violation;
use crate::foundation::parallel::map_ordered;
use crate::model::hot::HotSet;
use crate::model::hot::secrets::hidden_values;
use crate::session::answers::Answers;
use crate::transform::fix::FixRecord;
use crate::transform::fix::diff::TextChange;
use crate::transform::fix::{
    AppliedFix, FixLevel, Offer, Outcome, Preview, ReloadError, Safety, Unfixable, Workspace,
    offer, record_of,
};

use super::Session;
use super::check::AnswerProblem;
use super::resolve::{FileRole, Resolved};

/// Which fixes a plan applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixOrder {
    /// Every fix the level admits (the wizard's `F`: `safe`).
    Level(FixLevel),
    /// One violation's fix, by the record that applies it (with the operator's text, for
    /// a fix that writes some).
    Record(FixRecord),
}

/// What applying an order did, and every change it made as a diff (hidden values masked).
#[derive(Debug)]
pub struct Applied {
    /// The fixes applied and the notes on those that were not.
    pub outcome: Outcome,
    /// Every change, against the texts before.
    pub preview: Preview,
}

/// Applies what `order` asks, to the violations `wanted` picks (a level's fixes; a typed
/// fix names its own), and previews everything the workspace changed.
pub fn apply(
    workspace: &mut Workspace,
    order: &FixOrder,
    wanted: impl Fn(&Violation) -> bool,
) -> Applied {
    let outcome = match order {
        FixOrder::Level(level) => workspace.apply_level_to(*level, wanted),
        FixOrder::Record(record) => workspace.replay(std::slice::from_ref(record)),
    };
    Applied {
        outcome,
        preview: workspace.changes(),
    }
}

/// How many violations a fix answers, by severity and by the level that applies it: what a
/// report's closing line counts (`12 of 15 errors can be fixed: …`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixable {
    /// Errors with a fix of any safety (`--fix all`).
    pub errors: usize,
    /// Errors with a `safe` fix (`--fix`, `--fix safe`).
    pub errors_safe: usize,
    /// Warnings with a fix of any safety.
    pub warnings: usize,
    /// Warnings with a `safe` fix.
    pub warnings_safe: usize,
}

/// What the review offers for one violation (`src/transform/fix/`).
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

/// One or more fixes as the wizard previews them, with the answers records that apply
/// them (the session replays `answers.fixes` when it resolves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedFix {
    /// One line: what is done.
    pub title: String,
    /// Its safety (the lowest, for several).
    pub safety: Safety,
    /// The diff against the output set as it is now (hidden values masked); empty in an
    /// evaluation for a headless run (`Session::evaluate_fixing`), which shows no diff.
    pub preview: Preview,
    /// What goes into `answers.fixes` to apply it (none: nothing would change, and the
    /// notes say why).
    pub records: Vec<FixRecord>,
    /// Fixes the plan left out or applying drops, and why.
    pub notes: Vec<String>,
}

/// Why no fix can be planned on the answers' output set.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The answers have a problem.
    #[error("the answers have a problem: {0}")]
    Problem(AnswerProblem),
    /// The answers do not resolve.
    #[error("the answers do not resolve: {0}")]
    Refused(String),
    /// The output set cannot be loaded again to check a fix's result.
    #[error("the set cannot be fixed: {0}")]
    Unfixable(ReloadError),
    /// Nothing would change (the first note says why, when there is one).
    #[error("{0}")]
    Nothing(String),
}

impl Session {
    /// Plans the fixes `order` asks for on the output set `answers` resolve to: the records
    /// that apply them, and what resolving the answers with those records gives, against
    /// the set as it is (the preview), with notes on what would be left out or dropped.
    pub fn plan_fix(&self, answers: &Answers, order: &FixOrder) -> Result<PlannedFix, PlanError> {
        if let Some(problem) = self.check(answers).into_iter().next() {
            return Err(PlanError::Problem(problem));
        }
        let refused =
            |refusal: super::Refusal| PlanError::Refused(refusal.to_string().replace('\n', "; "));
        let before = self.resolve(answers).map_err(refused)?;
        let mut secrets = hidden_values(&before.set);
        let before_files = before.files.clone();
        let before_applied = before.fixes.applied.clone();
        let before_notes: Vec<String> =
            before.fixes.notes.iter().map(ToString::to_string).collect();
        let (records, mut notes) = match order {
            FixOrder::Level(level) => {
                let mut workspace =
                    Workspace::with_violations(before.set, before.violations, before.rules)
                        .map_err(|unfixable| PlanError::Unfixable(unfixable.reason))?;
                let outcome = workspace.apply_level(*level);
                let records: Vec<FixRecord> =
                    outcome.applied.into_iter().map(|a| a.record).collect();
                let notes: Vec<String> = outcome.notes.iter().map(ToString::to_string).collect();
                (records, notes)
            }
            FixOrder::Record(record) => (vec![record.clone()], Vec::new()),
        };
        if records.is_empty() {
            return Err(PlanError::Nothing(match notes.first() {
                Some(note) => note.clone(),
                None => "nothing would change".to_owned(),
            }));
        }
        let mut with = answers.clone();
        with.fixes.extend(records.iter().cloned());
        let after = self.resolve(&with).map_err(refused)?;
        secrets.extend(hidden_values(&after.set));
        // What the added records did: the fixes applied now and not before, and the notes
        // on those the replay left out or dropped.
        let mut earlier = before_applied;
        let applied: Vec<&AppliedFix> = after
            .fixes
            .applied
            .iter()
            .filter(|a| match earlier.iter().position(|e| e == *a) {
                Some(at) => {
                    earlier.remove(at);
                    false
                }
                None => true,
            })
            .collect();
        notes.extend(
            after
                .fixes
                .notes
                .iter()
                .map(ToString::to_string)
                .filter(|n| !before_notes.contains(n)),
        );
        // Templates first, as the Files tab lists them.
        let mut files: Vec<&super::OutputFile> = after.files.iter().collect();
        files.sort_by_key(|f| super::preview::rank(f.role));
        let changes: Vec<TextChange<'_>> = files
            .into_iter()
            .filter(|f| f.role != FileRole::Answers)
            .filter_map(|f| {
                let old = before_files.iter().find(|b| b.path == f.path);
                let same = old.is_some_and(|b| b.bytes == f.bytes);
                (!same).then_some(TextChange {
                    path: &f.path,
                    before: old.map(|b| b.bytes.as_slice()),
                    after: &f.bytes,
                })
            })
            .collect();
        let preview = Preview::of(&changes, &secrets);
        let count = applied.len();
        let title = match (order, applied.first()) {
            (FixOrder::Record(_), None) => "nothing would change".to_owned(),
            (FixOrder::Record(_), Some(first)) => first.title.clone(),
            (FixOrder::Level(level), _) => format!(
                "{count} {}fix{} at once",
                if *level == FixLevel::Safe {
                    "safe "
                } else {
                    ""
                },
                if count == 1 { "" } else { "es" }
            ),
        };
        if applied.is_empty() && matches!(order, FixOrder::Level(_)) {
            return Err(PlanError::Nothing(match notes.first() {
                Some(note) => note.clone(),
                None => "nothing would change".to_owned(),
            }));
        }
        Ok(PlannedFix {
            title,
            safety: applied
                .iter()
                .map(|a| a.safety)
                .max()
                .unwrap_or(Safety::Safe),
            preview,
            records: if applied.is_empty() {
                Vec::new()
            } else {
                records
            },
            notes,
        })
    }
}

/// Each violation of `resolved` made into a `T` by `make`, given the set and the
/// violation's fix as the review marks and previews it (`None`: no fix answers its rule,
/// or the set cannot be fixed); the set goes back into `resolved` unchanged. Without
/// `previews` a ready fix carries an empty diff (a headless run counts fixes, it shows
/// none).
pub fn with_fixes<T>(
    mut resolved: Resolved,
    previews: bool,
    mut make: impl FnMut(&HotSet, &Violation, Option<FixView>) -> T,
) -> (Resolved, Vec<T>) {
    let offered = offered_fixes(
        resolved.set,
        resolved.violations,
        resolved.rules.clone(),
        previews,
    );
    resolved.set = offered.set;
    resolved.violations = offered.violations;
    let mut fixes = offered.fixes.into_iter();
    let made = resolved
        .violations
        .iter()
        .map(|violation| make(&resolved.set, violation, fixes.next().flatten()))
        .collect();
    (resolved, made)
}

/// A set given back with its violations and the fix of each (parallel to them).
pub struct Offered {
    /// The set, unchanged.
    pub set: HotSet,
    /// Its violations, unchanged.
    pub violations: Vec<Violation>,
    /// The fix of each violation (none at all when the set cannot be fixed).
    pub fixes: Vec<Option<FixView>>,
}

/// The fix of each of `violations`, found on `set` (checked with `rules`) without changing
/// it: what the review and the HTML and CSV reports show, each ready fix with its diff when
/// `previews` are wanted (else an empty one: a headless run counts fixes, it shows none).
pub fn offered_fixes(
    set: HotSet,
    violations: Vec<Violation>,
    rules: Selection,
    previews: bool,
) -> Offered {
    let workspace = match Workspace::with_violations(set, violations, rules) {
        Ok(workspace) => workspace,
        Err(unfixable) => {
            let Unfixable {
                set, violations, ..
            } = *unfixable;
            return Offered {
                set,
                violations,
                fixes: Vec::new(),
            };
        }
    };
    // Each finding's fix is found and previewed on its own; a large set has hundreds.
    let context = Context::new(workspace.set());
    let bytes = workspace.set().files.iter().map(|f| f.bytes.len()).sum();
    let fixes = map_ordered(workspace.violations(), bytes, |violation| {
        Some(match offer(&context, violation, None)? {
            Offer::Ready(fix) => match previewed(&workspace, &fix, previews) {
                Ok(preview) => FixView::Ready(PlannedFix {
                    title: fix.title,
                    safety: fix.safety,
                    preview,
                    records: vec![record_of(violation, None)],
                    notes: Vec::new(),
                }),
                Err(error) => FixView::Unavailable(error.to_string()),
            },
            Offer::NeedsText { title, prompt } => FixView::NeedsText { title, prompt },
            Offer::Unavailable(reason) => FixView::Unavailable(reason),
        })
    });
    drop(context);
    let (set, violations) = workspace.into_parts();
    Offered {
        set,
        violations,
        fixes,
    }
}

/// A fix's diff when `previews` are wanted, else an empty one.
fn previewed(
    workspace: &Workspace,
    fix: &crate::transform::fix::Fix,
    previews: bool,
) -> Result<Preview, crate::transform::fix::EditError> {
    if previews {
        workspace.preview(fix)
    } else {
        Ok(Preview::default())
    }
}
