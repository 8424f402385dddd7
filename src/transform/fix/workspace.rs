//! A set being fixed: its current texts and violations, fixes applied in rounds with a full
//! validation after each (a fix that adds a violation or does not remove its own is dropped
//! with a note), an undo stack, and the answers records of what was applied.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::check::rules::{Context, Selection, check_hot};
use crate::foundation::diagnostics::Violation;
use crate::model::hot::HotSet;
use crate::model::hot::secrets::hidden_values;
use crate::transform::fix::FixRecord;

use super::diff::{Preview, TextChange};
use super::edit::{Edit, EditError, Provenance, line_count, splice};
use super::model::{Fix, FixLevel, Offer, PathMove};
use super::outcome::{AppliedFix, FixNote, Outcome};
use super::registry;
use super::reload::{ReloadError, Unfixable, check_reloadable, reload};

/// A violation as the no-new-violation check counts it: rule, file and key path (positions
/// move when lines are added or removed; these do not).
type ViolationKey = (&'static str, String, String);

fn key_of(violation: &Violation) -> ViolationKey {
    (
        violation.rule.id,
        violation.file.clone(),
        violation.path.clone(),
    )
}

/// The locator the answers file records for a fix of `violation`.
pub fn record_of(violation: &Violation, text: Option<&str>) -> FixRecord {
    FixRecord {
        rule: violation.rule.id.to_owned(),
        file: violation.file.clone(),
        path: violation.path.clone(),
        line: violation.span.line,
        column: violation.span.column,
        text: text.map(str::to_owned),
    }
}

/// Most rounds one run makes; each round applies or drops at least one fix, so this is
/// only a guard.
const MAX_ROUNDS: usize = 10_000;

/// Texts and provenance before an undoable step.
#[derive(Debug, Default)]
struct Step {
    /// Each file's text before the step (`None`: the step created it).
    texts: BTreeMap<String, Option<Vec<u8>>>,
    provenance: BTreeMap<String, Option<Provenance>>,
    /// How many records there were before the step.
    records: usize,
}

/// A fix on its way into a round.
struct Candidate {
    fix: Fix,
    /// The violations it must remove (several when two rules' fixes are the same edits).
    targets: Vec<ViolationKey>,
    record: FixRecord,
    /// The answers record it replays, for replays.
    source: Option<usize>,
}

/// What happened to a candidate of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    Applied,
    Dropped,
    /// Left for a later round (its edits met another fix's).
    Deferred,
}

/// Each edited file's new text, with the edits that made it.
type EditedTexts = BTreeMap<String, (Vec<u8>, Vec<Edit>)>;

/// A round's edits applied and validated, not yet committed.
struct Trial {
    set: HotSet,
    violations: Vec<Violation>,
    /// New texts by file, with the edits that made them.
    texts: EditedTexts,
}

/// A set with fixes applied to its texts.
pub struct Workspace {
    set: HotSet,
    /// The rules every validation runs (all, unless the output leaves one out by design).
    selection: Selection,
    violations: Vec<Violation>,
    /// Every edited file's text before the first fix (`None`: a fix created it).
    original: BTreeMap<String, Option<Vec<u8>>>,
    provenance: BTreeMap<String, Provenance>,
    steps: Vec<Step>,
    records: Vec<AppliedFix>,
    /// The set's hidden values (`hot::secrets`) and those applied fixes moved: masked in
    /// every preview.
    secrets: Vec<String>,
}

impl Workspace {
    /// Validates `set` with every rule and prepares it for fixes.
    pub fn new(set: HotSet) -> Result<Workspace, Box<Unfixable>> {
        let selection = Selection::all();
        let violations = check_hot(&set, &selection);
        Workspace::with_violations(set, violations, selection)
    }

    /// A workspace over a copy of `set` (which stays as it is), validated with `selection`:
    /// where recorded fixes are replayed on a source the session keeps.
    pub fn on_copy(set: &HotSet, selection: Selection) -> Result<Workspace, ReloadError> {
        check_reloadable(set)?;
        let copy = reload(set, &BTreeMap::new(), &[])?;
        let violations = check_hot(&copy, &selection);
        Workspace::with_violations(copy, violations, selection)
            .map_err(|unfixable| unfixable.reason)
    }

    /// Prepares a set already validated: `violations` is what `selection` found on it, and
    /// every later validation runs the same rules.
    pub fn with_violations(
        set: HotSet,
        violations: Vec<Violation>,
        selection: Selection,
    ) -> Result<Workspace, Box<Unfixable>> {
        if let Err(reason) = check_reloadable(&set) {
            return Err(Box::new(Unfixable {
                reason,
                set,
                violations,
            }));
        }
        Ok(Workspace {
            secrets: hidden_values(&set),
            set,
            selection,
            violations,
            original: BTreeMap::new(),
            provenance: BTreeMap::new(),
            steps: Vec::new(),
            records: Vec::new(),
        })
    }

    /// The set as fixed so far.
    pub fn set(&self) -> &HotSet {
        &self.set
    }

    /// Its violations (every rule), sorted by file and place.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Every edited file's text before the first fix (`None`: a fix created it).
    pub fn originals(&self) -> &BTreeMap<String, Option<Vec<u8>>> {
        &self.original
    }

    /// The fixes applied so far, in order.
    pub fn applied(&self) -> &[AppliedFix] {
        &self.records
    }

    /// The answers records of the fixes applied so far.
    pub fn records(&self) -> Vec<FixRecord> {
        self.records.iter().map(|a| a.record.clone()).collect()
    }

    /// The set and its violations.
    pub fn into_parts(self) -> (HotSet, Vec<Violation>) {
        (self.set, self.violations)
    }

    /// The fix of a violation (with the operator's text when it needs one); `None` when no
    /// provider answers its rule.
    pub fn offer(&self, violation: &Violation, text: Option<&str>) -> Option<Offer> {
        let context = Context::new(&self.set);
        registry::offer(&context, violation, text)
    }

    /// The fix of every violation, parallel to [`Workspace::violations`] (what the review
    /// marks as fixable).
    pub fn offers(&self) -> Vec<Option<Offer>> {
        let context = Context::new(&self.set);
        self.violations
            .iter()
            .map(|v| registry::offer(&context, v, None))
            .collect()
    }

    /// What a fix would change, against the current texts.
    pub fn preview(&self, fix: &Fix) -> Result<Preview, EditError> {
        let texts = self.edited(&[fix])?;
        let changes: Vec<TextChange<'_>> = fix
            .files()
            .into_iter()
            .filter_map(|path| {
                let (after, _) = texts.get(path)?;
                let before = self
                    .set
                    .find(path)
                    .map(|id| self.set.files[id].bytes.as_slice());
                Some(TextChange {
                    path,
                    before,
                    after: after.as_slice(),
                })
            })
            .collect();
        let secrets: Vec<String> = self.secrets.iter().chain(&fix.secrets).cloned().collect();
        Ok(Preview::of(&changes, &secrets))
    }

    /// Everything applied so far, against the texts before the first fix.
    pub fn changes(&self) -> Preview {
        let changes: Vec<TextChange<'_>> = self
            .original
            .iter()
            .filter_map(|(path, before)| {
                let id = self.set.find(path)?;
                Some(TextChange {
                    path,
                    before: before.as_deref(),
                    after: self.set.files[id].bytes.as_slice(),
                })
            })
            .collect();
        Preview::of(&changes, &self.secrets)
    }

    /// The lines of each edited file's original text that fixes removed or changed
    /// (1-based, sorted); every other line is still there byte for byte. Created files are
    /// not listed.
    pub fn touched_lines(&self) -> BTreeMap<String, Vec<u32>> {
        self.original
            .iter()
            .filter_map(|(path, before)| {
                let before = before.as_ref()?;
                let provenance = self.provenance.get(path)?;
                Some((path.clone(), provenance.touched(line_count(before))))
            })
            .collect()
    }

    /// Applies one fix of `violation` (from [`Workspace::offer`]), validated like any other;
    /// one undo step. The note says why it was dropped.
    pub fn apply(&mut self, violation: &Violation, fix: Fix) -> Result<AppliedFix, FixNote> {
        let text = fix.text.clone();
        let candidate = Candidate {
            targets: vec![key_of(violation)],
            record: record_of(violation, text.as_deref()),
            fix,
            source: None,
        };
        let mut step = self.step();
        let mut outcome = Outcome::default();
        let fates = self.round(vec![candidate], &mut outcome, &mut step);
        self.finish(step);
        match (fates.first(), outcome.applied.pop(), outcome.notes.pop()) {
            (Some(Fate::Applied), Some(applied), _) => Ok(applied),
            (_, _, Some(note)) => Err(note),
            _ => Err(FixNote::at(violation, "the fix could not be applied")),
        }
    }

    /// Applies every fix `level` admits, in rounds, until none is left; one undo step.
    /// Fixes that need the operator's text are skipped and noted, as are review fixes at
    /// the `safe` level and violations without a fix where a provider explains why.
    pub fn apply_level(&mut self, level: FixLevel) -> Outcome {
        self.apply_level_to(level, |_| true)
    }

    /// Like [`Workspace::apply_level`], for the violations `wanted` picks only (the rules a
    /// `validate --fix` run selected).
    pub fn apply_level_to(
        &mut self,
        level: FixLevel,
        wanted: impl Fn(&Violation) -> bool,
    ) -> Outcome {
        let mut outcome = Outcome::default();
        if level == FixLevel::None {
            return outcome;
        }
        let mut step = self.step();
        let mut attempted: HashSet<ViolationKey> = HashSet::new();
        let mut skipped: HashMap<ViolationKey, String> = HashMap::new();
        for _ in 0..MAX_ROUNDS {
            let candidates = {
                let context = Context::new(&self.set);
                let mut candidates = Vec::new();
                for violation in self.violations.iter().filter(|v| wanted(v)) {
                    let key = key_of(violation);
                    if attempted.contains(&key) {
                        continue;
                    }
                    match registry::offer(&context, violation, None) {
                        Some(Offer::Ready(fix)) if level.admits(fix.safety) => {
                            candidates.push(Candidate {
                                targets: vec![key],
                                record: record_of(violation, None),
                                fix,
                                source: None,
                            });
                        }
                        Some(Offer::Ready(fix)) => {
                            skipped.insert(
                                key,
                                format!(
                                    "a review fix is available ({}); apply it in the wizard or with --fix all",
                                    fix.title
                                ),
                            );
                        }
                        Some(Offer::NeedsText { title, prompt }) => {
                            skipped.insert(
                                key,
                                format!(
                                    "skipped: {title} needs the operator's text ({prompt}); vnfwiz invents none, type it in the wizard or record it in the answers file"
                                ),
                            );
                        }
                        Some(Offer::Unavailable(reason)) => {
                            skipped.insert(key, format!("no fix: {reason}"));
                        }
                        None => {}
                    }
                }
                candidates
            };
            if candidates.is_empty() {
                break;
            }
            let targets: Vec<Vec<ViolationKey>> =
                candidates.iter().map(|c| c.targets.clone()).collect();
            let fates = self.round(candidates, &mut outcome, &mut step);
            for (fate, targets) in fates.iter().zip(targets) {
                if *fate == Fate::Dropped {
                    attempted.extend(targets);
                }
            }
        }
        let mut noted: HashSet<ViolationKey> = HashSet::new();
        for violation in &self.violations {
            let key = key_of(violation);
            if let Some(message) = skipped.get(&key)
                && !attempted.contains(&key)
                && noted.insert(key)
            {
                outcome.notes.push(FixNote::at(violation, message.clone()));
            }
        }
        self.finish(step);
        outcome
    }

    /// Applies recorded fixes (an answers file's `fixes:`) in rounds, each matched to the
    /// violation it names (same rule, file and key path; same line and column, or the only
    /// such violation); one undo step. Records that match nothing are noted.
    pub fn replay(&mut self, records: &[FixRecord]) -> Outcome {
        let mut outcome = Outcome::default();
        if records.is_empty() {
            return outcome;
        }
        let mut step = self.step();
        let mut done = vec![false; records.len()];
        for _ in 0..MAX_ROUNDS {
            let candidates = {
                let context = Context::new(&self.set);
                let mut claimed: HashSet<usize> = HashSet::new();
                let mut candidates = Vec::new();
                for (index, record) in records.iter().enumerate() {
                    if done[index] {
                        continue;
                    }
                    let Some(at) = self.matching(record, &claimed) else {
                        continue;
                    };
                    claimed.insert(at);
                    let violation = &self.violations[at];
                    match registry::offer(&context, violation, record.text.as_deref()) {
                        Some(Offer::Ready(fix)) => candidates.push(Candidate {
                            targets: vec![key_of(violation)],
                            record: record_of(violation, record.text.as_deref()),
                            fix,
                            source: Some(index),
                        }),
                        Some(Offer::NeedsText { title, .. }) => {
                            done[index] = true;
                            outcome.notes.push(FixNote::of_record(
                                record,
                                format!("recorded fix skipped: {title} needs the operator's text, and the record has none"),
                            ));
                        }
                        Some(Offer::Unavailable(reason)) => {
                            done[index] = true;
                            outcome.notes.push(FixNote::of_record(
                                record,
                                format!("recorded fix skipped: {reason}"),
                            ));
                        }
                        None => {
                            done[index] = true;
                            outcome.notes.push(FixNote::of_record(
                                record,
                                "recorded fix skipped: vnfwiz has no fix for this rule",
                            ));
                        }
                    }
                }
                candidates
            };
            if candidates.is_empty() {
                break;
            }
            let sources: Vec<Option<usize>> = candidates.iter().map(|c| c.source).collect();
            let fates = self.round(candidates, &mut outcome, &mut step);
            for (fate, source) in fates.into_iter().zip(sources) {
                if fate != Fate::Deferred
                    && let Some(index) = source
                {
                    done[index] = true;
                }
            }
        }
        for (record, done) in records.iter().zip(done) {
            if !done {
                outcome.notes.push(FixNote::of_record(
                    record,
                    "recorded fix no longer applies: no such violation in the set",
                ));
            }
        }
        self.finish(step);
        outcome
    }

    /// Undoes the last step (one fix, or one level or replay run); false when there is none.
    pub fn undo(&mut self) -> Result<bool, ReloadError> {
        let Some(step) = self.steps.pop() else {
            return Ok(false);
        };
        let mut changed = BTreeMap::new();
        let mut removed = Vec::new();
        for (path, before) in &step.texts {
            match before {
                Some(bytes) => {
                    changed.insert(path.clone(), bytes.clone());
                }
                None => removed.push(path.clone()),
            }
        }
        self.set = reload(&self.set, &changed, &removed)?;
        self.violations = check_hot(&self.set, &self.selection);
        for (path, provenance) in step.provenance {
            match provenance {
                Some(p) => {
                    self.provenance.insert(path, p);
                }
                None => {
                    self.provenance.remove(&path);
                }
            }
        }
        for path in &removed {
            self.original.remove(path);
        }
        self.records.truncate(step.records);
        Ok(true)
    }

    fn step(&self) -> Step {
        Step {
            records: self.records.len(),
            ..Step::default()
        }
    }

    /// Keeps a step that changed something on the undo stack.
    fn finish(&mut self, step: Step) {
        if !step.texts.is_empty() {
            self.steps.push(step);
        }
    }

    /// The index of the violation a record names, not already claimed this round.
    fn matching(&self, record: &FixRecord, claimed: &HashSet<usize>) -> Option<usize> {
        let same = |v: &Violation| {
            v.breaks(&record.rule) && v.file == record.file && v.path == record.path
        };
        let candidates: Vec<usize> = self
            .violations
            .iter()
            .enumerate()
            .filter(|(i, v)| !claimed.contains(i) && same(v))
            .map(|(i, _)| i)
            .collect();
        candidates
            .iter()
            .copied()
            .find(|&i| {
                let span = self.violations[i].span;
                span.line == record.line && span.column == record.column
            })
            .or_else(|| (candidates.len() == 1).then(|| candidates[0]))
    }

    /// The new texts of the files some fixes edit (edits of one file sorted and spliced).
    fn edited(&self, fixes: &[&Fix]) -> Result<EditedTexts, EditError> {
        let mut by_file: BTreeMap<&str, Vec<&Edit>> = BTreeMap::new();
        for fix in fixes {
            for edit in &fix.edits {
                by_file.entry(edit.file.as_str()).or_default().push(edit);
            }
        }
        let mut out = BTreeMap::new();
        for (path, edits) in by_file {
            let current = match self.set.find(path) {
                Some(id) => self.set.files[id].bytes.as_slice(),
                None if edits.iter().all(|e| e.range == (0..0)) => &[],
                None => return Err(EditError::NoFile(path.to_owned())),
            };
            let text = splice(path, current, &edits)?;
            out.insert(
                path.to_owned(),
                (text, edits.into_iter().cloned().collect()),
            );
        }
        Ok(out)
    }

    /// Applies fixes together and validates the result.
    fn trial(&self, fixes: &[&Fix]) -> Result<Trial, String> {
        let texts = self.edited(fixes).map_err(|e| e.to_string())?;
        let changed: BTreeMap<String, Vec<u8>> = texts
            .iter()
            .map(|(path, (bytes, _))| (path.clone(), bytes.clone()))
            .collect();
        let set = reload(&self.set, &changed, &[]).map_err(|e| e.to_string())?;
        let violations = check_hot(&set, &self.selection);
        Ok(Trial {
            set,
            violations,
            texts,
        })
    }

    /// Why a trial is refused: the violations it adds (beyond those that only moved with a
    /// rename), or a fix that did not remove its own violation.
    fn judge(&self, trial: &Trial, candidates: &[&Candidate]) -> Option<String> {
        let moves: Vec<&PathMove> = candidates.iter().flat_map(|c| &c.fix.moves).collect();
        let moved = |key: &ViolationKey| -> ViolationKey {
            for m in &moves {
                if let Some(path) = m.apply(&key.1, &key.2) {
                    return (key.0, key.1.clone(), path);
                }
            }
            key.clone()
        };
        let mut before: HashMap<ViolationKey, usize> = HashMap::new();
        for violation in &self.violations {
            *before.entry(moved(&key_of(violation))).or_default() += 1;
        }
        let mut after: HashMap<ViolationKey, usize> = HashMap::new();
        let mut remaining = before.clone();
        let mut added = Vec::new();
        for violation in &trial.violations {
            let key = key_of(violation);
            *after.entry(key.clone()).or_default() += 1;
            match remaining.get_mut(&key) {
                Some(count) if *count > 0 => *count -= 1,
                _ => added.push(violation),
            }
        }
        if !added.is_empty() {
            let shown: Vec<String> = added
                .iter()
                .take(3)
                .map(|v| {
                    format!(
                        "{} at {}:{}:{} ({})",
                        v.rule.id, v.file, v.span.line, v.span.column, v.message
                    )
                })
                .collect();
            let more = if added.len() > 3 {
                format!(" and {} more", added.len() - 3)
            } else {
                String::new()
            };
            return Some(format!(
                "dropped: the fix would add {}{more}",
                shown.join("; ")
            ));
        }
        for candidate in candidates {
            let removed = candidate.targets.iter().any(|target| {
                let target = moved(target);
                after.get(&target).copied().unwrap_or(0) < before.get(&target).copied().unwrap_or(0)
            });
            if !removed {
                return Some("dropped: the fix did not remove the violation".to_owned());
            }
        }
        None
    }

    /// Makes a trial the current state.
    fn commit(
        &mut self,
        trial: Trial,
        candidates: &[&Candidate],
        outcome: &mut Outcome,
        step: &mut Step,
    ) {
        for (path, (bytes, edits)) in &trial.texts {
            let before = self
                .set
                .find(path)
                .map(|id| self.set.files[id].bytes.clone());
            step.texts
                .entry(path.clone())
                .or_insert_with(|| before.clone());
            step.provenance
                .entry(path.clone())
                .or_insert_with(|| self.provenance.get(path).cloned());
            self.original
                .entry(path.clone())
                .or_insert_with(|| before.clone());
            let refs: Vec<&Edit> = edits.iter().collect();
            let provenance = match &before {
                Some(old) => self
                    .provenance
                    .get(path)
                    .cloned()
                    .unwrap_or_else(|| Provenance::original(old))
                    .follow(old, bytes, &refs),
                None => Provenance::created(bytes),
            };
            self.provenance.insert(path.clone(), provenance);
        }
        self.set = trial.set;
        self.violations = trial.violations;
        for candidate in candidates {
            self.secrets.extend(candidate.fix.secrets.iter().cloned());
            let applied = AppliedFix {
                record: candidate.record.clone(),
                title: candidate.fix.title.clone(),
                safety: candidate.fix.safety,
            };
            self.records.push(applied.clone());
            outcome.applied.push(applied);
        }
    }

    /// The candidates of `indices` that can apply together, with their trial: all of them
    /// when their trial passes; otherwise each half is sifted (so a few bad fixes among many
    /// cost a few validations each, not one per fix), a lone failing fix is dropped with a
    /// note, and when two good halves interact the first goes now and the second waits for
    /// the next round.
    fn sift(
        &self,
        candidates: &[Candidate],
        indices: &[usize],
        fates: &mut [Fate],
        outcome: &mut Outcome,
    ) -> (Vec<usize>, Option<Trial>) {
        if indices.is_empty() {
            return (Vec::new(), None);
        }
        let picked: Vec<&Candidate> = indices.iter().map(|&i| &candidates[i]).collect();
        let fixes: Vec<&Fix> = picked.iter().map(|c| &c.fix).collect();
        let reason = match self.trial(&fixes) {
            Ok(trial) => match self.judge(&trial, &picked) {
                None => return (indices.to_vec(), Some(trial)),
                Some(reason) => reason,
            },
            Err(reason) => format!("dropped: {reason}"),
        };
        if let [only] = indices {
            fates[*only] = Fate::Dropped;
            let candidate = &candidates[*only];
            if let Some(violation) = self
                .violations
                .iter()
                .find(|v| candidate.targets.first() == Some(&key_of(v)))
            {
                outcome.notes.push(FixNote::at(
                    violation,
                    format!("{} — {reason}", candidate.fix.title),
                ));
            }
            return (Vec::new(), None);
        }
        let (left, right) = indices.split_at(indices.len() / 2);
        let (left, left_trial) = self.sift(candidates, left, fates, outcome);
        let (right, right_trial) = self.sift(candidates, right, fates, outcome);
        if left.is_empty() {
            return (right, right_trial);
        }
        if right.is_empty() {
            return (left, left_trial);
        }
        let both: Vec<usize> = left.iter().chain(&right).copied().collect();
        let picked: Vec<&Candidate> = both.iter().map(|&i| &candidates[i]).collect();
        let fixes: Vec<&Fix> = picked.iter().map(|c| &c.fix).collect();
        match self.trial(&fixes) {
            Ok(trial) if self.judge(&trial, &picked).is_none() => (both, Some(trial)),
            // They interact: the left half now, the right in a later round.
            _ => (left, left_trial),
        }
    }

    /// One round: identical fixes merged, fixes that meet an earlier one deferred, the rest
    /// applied together, less those that add a violation or leave their own (dropped, see
    /// [`Workspace::sift`]). Returns each candidate's fate.
    fn round(
        &mut self,
        candidates: Vec<Candidate>,
        outcome: &mut Outcome,
        step: &mut Step,
    ) -> Vec<Fate> {
        let mut fates = vec![Fate::Deferred; candidates.len()];
        // Merge fixes with the same edits (R-90526 and R-26124 on one default).
        let mut chosen: Vec<usize> = Vec::new();
        let mut merged: Vec<(usize, Vec<ViolationKey>)> = Vec::new();
        for (i, candidate) in candidates.iter().enumerate() {
            if let Some((_, targets)) = merged
                .iter_mut()
                .find(|(j, _)| candidates[*j].fix.edits == candidate.fix.edits)
            {
                targets.extend(candidate.targets.iter().cloned());
                continue;
            }
            if chosen
                .iter()
                .any(|&j| candidates[j].fix.conflicts(&candidate.fix))
            {
                continue;
            }
            chosen.push(i);
            merged.push((i, candidate.targets.clone()));
        }
        let mut candidates = candidates;
        for (i, targets) in merged {
            candidates[i].targets = targets;
        }
        // Merged duplicates share the fate of the fix they joined.
        let joined = |i: usize, candidates: &[Candidate], chosen: &[usize]| -> Option<usize> {
            chosen
                .iter()
                .copied()
                .find(|&j| j != i && candidates[j].fix.edits == candidates[i].fix.edits)
        };
        let (good, trial) = self.sift(&candidates, &chosen, &mut fates, outcome);
        let applied = match trial {
            Some(trial) => {
                let picked: Vec<&Candidate> = good.iter().map(|&i| &candidates[i]).collect();
                self.commit(trial, &picked, outcome, step);
                good
            }
            None => Vec::new(),
        };
        for i in applied {
            fates[i] = Fate::Applied;
        }
        for i in 0..fates.len() {
            if fates[i] == Fate::Deferred
                && let Some(j) = joined(i, &candidates, &chosen)
            {
                fates[i] = fates[j];
            }
        }
        fates
    }
}
