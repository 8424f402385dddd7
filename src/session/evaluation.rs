//! One evaluation of answers: the result every face shows. It holds the answers'
//! problems, the properties left for instantiation, every finding in list order (the
//! package's and the output set's violations, each with its fix and the answer that
//! decides it; answers that stop the write; conversion, composition and fix notes; the
//! files not checked; last, the output set's findings a waiver accepts, each with its
//! reason), and the resolved set or why there is none. The write gate and the counts are
//! computed from the findings, in one place, so the wizard, `onboard` and the write itself
//! judge alike; a finding's own fields say whether it counts (a waived one never does).

use std::collections::BTreeSet;

use crate::foundation::diagnostics::{Severity, Unchecked, Violation, Waived};
use crate::transform::convert::{Note, NoteLevel};
use crate::transform::fix::{FixLevel, FixNote, Safety};

use super::draft::Answered;
use super::fix_plan::{FixView, Fixable, with_fixes};
use super::resolve::{Refusal, Resolved};
use super::{AnswerProblem, Session, note_answer_subject};

/// What a remark (a finding that is no rule's violation) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    /// An answer that stops the write.
    Answer,
    /// A warning (or error) of the conversion, the composition or the fixes.
    Note,
    /// A file of the source that was not read as Heat (onboarding leaves it out).
    NotChecked,
}

impl RemarkKind {
    /// The word a list shows in its rule column.
    pub fn label(self) -> &'static str {
        match self {
            RemarkKind::Answer => "answer",
            RemarkKind::Note => "note",
            RemarkKind::NotChecked => "not checked",
        }
    }
}

/// A finding that is no rule's violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remark {
    /// How serious it is.
    pub severity: Severity,
    /// Answer problem, note or file not checked.
    pub kind: RemarkKind,
    /// What it is about (`parameter vnf_id`, `capability choice OS::VNF::Node`, a file).
    pub subject: String,
    /// The check it fails (`required`, `MinLen(3)`, `CAP-ambiguous`); empty for a note.
    pub rule: String,
    /// What is wrong, in full.
    pub message: String,
}

/// What a finding is.
#[derive(Clone, Debug)]
pub enum FindingKind {
    /// A violation of the OVF rules on the source package.
    Package(Violation),
    /// A violation of the rules on the output set.
    Output(Violation),
    /// An answer problem, a note or a file not checked.
    Remark(Remark),
}

/// One thing to look at, with what puts it right.
#[derive(Clone, Debug)]
pub struct Finding {
    /// What it is.
    pub kind: FindingKind,
    /// The subject of the answer that decides it (`parameter x`), when one does.
    pub answer: Option<String>,
    /// Its automatic fix, for a violation of the output set a fix answers.
    pub fix: Option<FixView>,
    /// The waiver that accepts it (the answers', the project config's or the set's own
    /// comment), for a violation of the output set: listed with its reason, never counted.
    pub waived: Option<Waived>,
}

impl Finding {
    /// A violation of the output set with no fix, deciding answer or waiver (a list made
    /// without a session: the screens' tests, the wizard's benchmark).
    pub fn output(violation: Violation) -> Finding {
        Finding {
            kind: FindingKind::Output(violation),
            answer: None,
            fix: None,
            waived: None,
        }
    }

    fn remark(
        severity: Severity,
        kind: RemarkKind,
        subject: String,
        rule: String,
        message: String,
    ) -> Finding {
        Finding {
            kind: FindingKind::Remark(Remark {
                severity,
                kind,
                subject,
                rule,
                message,
            }),
            answer: None,
            fix: None,
            waived: None,
        }
    }

    /// The violation, when it is one (waived or not).
    pub fn violation(&self) -> Option<&Violation> {
        match &self.kind {
            FindingKind::Package(v) | FindingKind::Output(v) => Some(v),
            FindingKind::Remark(_) => None,
        }
    }

    /// The remark, when it is one.
    pub fn remark_of(&self) -> Option<&Remark> {
        match &self.kind {
            FindingKind::Remark(r) => Some(r),
            FindingKind::Package(_) | FindingKind::Output(_) => None,
        }
    }

    /// How serious it is.
    pub fn severity(&self) -> Severity {
        match &self.kind {
            FindingKind::Package(v) | FindingKind::Output(v) => v.severity(),
            FindingKind::Remark(r) => r.severity,
        }
    }

    /// The rule column: a rule id, `answer`, `note`, `not checked` (or `warning`, for a
    /// note that warns: an item called a note is counted as one).
    pub fn id(&self) -> &str {
        match &self.kind {
            FindingKind::Package(v) | FindingKind::Output(v) => v.rule.id,
            FindingKind::Remark(r)
                if r.kind == RemarkKind::Note && r.severity == Severity::Warning =>
            {
                "warning"
            }
            FindingKind::Remark(r) => r.kind.label(),
        }
    }

    /// The file it points into: a violation's, or the file not checked.
    pub fn file(&self) -> Option<&str> {
        match &self.kind {
            FindingKind::Package(v) | FindingKind::Output(v) => Some(&v.file),
            FindingKind::Remark(r) if r.kind == RemarkKind::NotChecked => Some(&r.subject),
            FindingKind::Remark(_) => None,
        }
    }

    /// The place column: `file:line` of a violation, the subject of a remark.
    pub fn place(&self) -> String {
        match &self.kind {
            FindingKind::Package(v) | FindingKind::Output(v) => {
                format!("{}:{}", v.file, v.span.line)
            }
            FindingKind::Remark(r) => r.subject.clone(),
        }
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        match &self.kind {
            FindingKind::Package(v) | FindingKind::Output(v) => &v.message,
            FindingKind::Remark(r) => &r.message,
        }
    }

    /// Whether it keeps the outputs from being written: an error of the output set that no
    /// waiver accepts (the package's errors and the answers' problems stop the resolution
    /// itself).
    pub fn blocks(&self) -> bool {
        matches!(self.kind, FindingKind::Output(_))
            && self.severity() == Severity::Error
            && self.waived.is_none()
    }

    /// Whether it counts among the violations of its severity: a rule's violation that no
    /// waiver accepts.
    pub fn counts(&self) -> bool {
        self.violation().is_some() && self.waived.is_none()
    }
}

/// Whether the outputs may be written, and why not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gate {
    /// Why the answers cannot be resolved or taken, one line each: their problems, the
    /// package's errors, the conversion's errors.
    pub refused: Vec<String>,
    /// Errors of the output set that stop the write.
    pub errors: usize,
    /// The rules they break.
    pub rules: BTreeSet<&'static str>,
}

impl Gate {
    /// Whether nothing stops the write.
    pub fn is_open(&self) -> bool {
        self.refused.is_empty() && self.errors == 0
    }

    /// Why nothing can be written, in one line; none when the gate is open.
    pub fn reason(&self) -> Option<String> {
        if let Some(first) = self.refused.first() {
            return Some(match self.refused.len() {
                1 => first.clone(),
                n => format!("{first} (and {} more)", n - 1),
            });
        }
        (self.errors > 0).then(|| {
            format!(
                "the output set has {} against {}",
                counted(self.errors, "error"),
                counted(self.rules.len(), "MUST rule")
            )
        })
    }
}

/// `n thing` or `n things`.
fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The counts every report gives: the rules' violations by severity (waived ones apart),
/// the files not checked, and how many of them a fix level answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Violations of error severity.
    pub errors: usize,
    /// Violations of warning severity.
    pub warnings: usize,
    /// Violations of note severity.
    pub notes: usize,
    /// Violations a waiver accepts, of any severity (counted in none of the above).
    pub waived: usize,
    /// Files not checked.
    pub not_checked: usize,
    /// Violations a fix answers.
    pub fixable: Fixable,
}

/// One evaluation of answers (see the module's documentation).
#[derive(Debug)]
pub struct Evaluation {
    /// Every problem with the answers, field by field (those of the resolved set too: an
    /// answer its environment file must not hold).
    pub problems: Vec<AnswerProblem>,
    /// The subjects left for instantiation (▲ in the wizard).
    pub left_open: Vec<String>,
    /// Everything to look at: the violations (the package's, then the output set's, by
    /// place), then the remarks.
    pub findings: Vec<Finding>,
    /// The output set, resolved and validated; or why the answers do not resolve.
    pub outcome: Result<Resolved, Refusal>,
}

impl Evaluation {
    /// Whether the outputs may be written, and why not.
    pub fn gate(&self) -> Gate {
        let refused = match &self.outcome {
            Err(refusal) => {
                let lines: Vec<String> = refusal.to_string().lines().map(str::to_owned).collect();
                if lines.is_empty() {
                    vec!["the answers cannot be resolved".to_owned()]
                } else {
                    lines
                }
            }
            Ok(_) => self.problems.iter().map(ToString::to_string).collect(),
        };
        let blocking: Vec<&Violation> = self
            .findings
            .iter()
            .filter(|f| f.blocks())
            .filter_map(Finding::violation)
            .collect();
        Gate {
            refused,
            errors: blocking.len(),
            rules: blocking.iter().map(|v| v.rule.id).collect(),
        }
    }

    /// Why the answers are refused, when they are: the resolution's refusal, or the
    /// problems of answers that resolve (a value that does not fit, an answer the output
    /// may not hold). `None` when the answers are taken (the set may still break a MUST).
    pub fn refusal(&self) -> Option<Refusal> {
        match &self.outcome {
            Err(refusal) => Some(refusal.clone()),
            Ok(_) if self.problems.is_empty() => None,
            Ok(_) => Some(Refusal {
                problems: self.problems.clone(),
                ..Refusal::default()
            }),
        }
    }

    /// The resolved set when the gate is open: what a write writes.
    pub fn writable(&self) -> Result<&Resolved, String> {
        let gate = self.gate();
        match (&self.outcome, gate.reason()) {
            (Ok(resolved), None) => Ok(resolved),
            (_, Some(reason)) => Err(reason),
            (Err(refusal), None) => Err(refusal.to_string()),
        }
    }

    /// The rules' violations by severity, the waived ones, the files not checked and the
    /// fixable ones.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for finding in &self.findings {
            match (&finding.kind, finding.severity()) {
                (FindingKind::Remark(r), _) => {
                    if r.kind == RemarkKind::NotChecked {
                        counts.not_checked += 1;
                    }
                    continue;
                }
                _ if finding.waived.is_some() => {
                    counts.waived += 1;
                    continue;
                }
                (_, Severity::Error) => counts.errors += 1,
                (_, Severity::Warning) => counts.warnings += 1,
                (_, Severity::Note) => counts.notes += 1,
            }
            if let Some(FixView::Ready(plan)) = &finding.fix {
                counts.fixable.add(finding.severity(), plan.safety);
            }
        }
        counts
    }

    /// How many findings of every kind have this severity, waived ones left out (what the
    /// wizard's list counts).
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity() == severity && f.waived.is_none())
            .count()
    }

    /// The OVF rules' violations on the source package, in list order.
    pub fn package_violations(&self) -> impl Iterator<Item = &Violation> {
        self.findings.iter().filter_map(|f| match &f.kind {
            FindingKind::Package(v) => Some(v),
            _ => None,
        })
    }

    /// The violations of the output set that count, in list order.
    pub fn output_violations(&self) -> impl Iterator<Item = &Violation> {
        self.findings.iter().filter_map(|f| match &f.kind {
            FindingKind::Output(v) if f.waived.is_none() => Some(v),
            _ => None,
        })
    }

    /// The violations of the output set a waiver accepts, each with its waiver, in list
    /// order.
    pub fn waived(&self) -> impl Iterator<Item = (&Violation, &Waived)> {
        self.findings
            .iter()
            .filter_map(|f| Some((f.violation()?, f.waived.as_ref()?)))
    }

    /// The files not checked, as reports list them.
    pub fn not_checked(&self) -> Vec<Unchecked> {
        self.findings
            .iter()
            .filter_map(Finding::remark_of)
            .filter(|r| r.kind == RemarkKind::NotChecked)
            .map(|r| Unchecked {
                file: r.subject.clone(),
                reason: r.message.clone(),
            })
            .collect()
    }

    /// The resolved set, when the answers resolve.
    pub fn resolved(&self) -> Option<&Resolved> {
        self.outcome.as_ref().ok()
    }
}

impl Session {
    /// Evaluates answers: checks them, resolves them into the output set (replaying the
    /// fixes they record), validates it, and lists everything to look at with its fix and
    /// the fix's diff (what a face that shows fixes previews: the wizard).
    pub fn evaluate(&mut self, answered: &Answered) -> Evaluation {
        self.evaluation(answered, FixLevel::None, true)
    }

    /// The evaluation of a headless run (`onboard`): every fix `level` admits is applied
    /// before the set is validated, and the fixes left are offered (and counted), with
    /// their diffs only when `previews` are wanted (a report file that shows them).
    pub fn evaluate_fixing(
        &mut self,
        answered: &Answered,
        level: FixLevel,
        previews: bool,
    ) -> Evaluation {
        self.evaluation(answered, level, previews)
    }

    fn evaluation(&mut self, answered: &Answered, level: FixLevel, previews: bool) -> Evaluation {
        let evaluation = self.evaluation_of(answered, level, previews);
        // The memo keeps the documents this evaluation parsed, for the next one.
        self.memo.sweep();
        evaluation
    }

    fn evaluation_of(
        &mut self,
        answered: &Answered,
        level: FixLevel,
        previews: bool,
    ) -> Evaluation {
        // The answers' profile chooses the rules first: what is asked and checked follows.
        let mut answered = std::borrow::Cow::Borrowed(answered);
        if let Err(problem) = self.follow_profile(&answered.answers) {
            answered.to_mut().problems.push(problem);
        }
        let answered = answered.as_ref();
        let answers = &answered.answers;
        let left_open = self.left_open(answers);
        let mut findings: Vec<Finding> = self
            .package_violations()
            .iter()
            .map(|v| Finding {
                kind: FindingKind::Package(v.clone()),
                answer: None,
                fix: None,
                waived: None,
            })
            .collect();
        match self.resolve_fixing(answers, level) {
            Err(mut refusal) => {
                refusal.prepend(answered.problems.clone());
                findings.extend(refusal.problems.iter().map(answer_finding));
                findings.extend(refusal.notes.iter().map(note_finding));
                findings.extend(self.source_not_checked().iter().map(not_checked_finding));
                Evaluation {
                    problems: refusal.problems.clone(),
                    left_open,
                    findings,
                    outcome: Err(refusal),
                }
            }
            Ok(resolved) => {
                let mut problems = answered.problems.clone();
                findings.extend(problems.iter().map(answer_finding));
                let mut derived = Refusal {
                    problems: resolved.answer_problems(answers),
                    ..Refusal::default()
                };
                derived.prepend(std::mem::take(&mut problems));
                let problems = derived.problems;
                // Each violation with its fix and the answer deciding it, made together.
                let (resolved, violations) =
                    with_fixes(resolved, previews, |set, violation, fix| Finding {
                        kind: FindingKind::Output(violation.clone()),
                        answer: self.answer_subject(set, violation),
                        fix,
                        waived: None,
                    });
                findings.extend(violations);
                // Accepted findings stay listed, with their waivers and without a fix.
                findings.extend(resolved.waived.iter().map(|w| Finding {
                    kind: FindingKind::Output(w.violation.clone()),
                    answer: self.answer_subject(&resolved.set, &w.violation),
                    fix: None,
                    waived: Some(w.waived.clone()),
                }));
                findings.extend(resolved.notes.iter().map(note_finding));
                findings.extend(resolved.fixes.notes.iter().map(fix_note_finding));
                // The output's own, then the source's it does not carry (under any name).
                let mut unchecked = crate::model::open::unchecked(&resolved.set);
                for file in self.source_not_checked() {
                    let carried = resolved.files.iter().any(|f| {
                        f.path == file.file || f.source.as_deref() == Some(file.file.as_str())
                    });
                    if !carried && unchecked.iter().all(|u| u.file != file.file) {
                        unchecked.push(file);
                    }
                }
                findings.extend(unchecked.iter().map(not_checked_finding));
                sort_violations_first(&mut findings);
                Evaluation {
                    problems,
                    left_open,
                    findings,
                    outcome: Ok(resolved),
                }
            }
        }
    }

    /// The files of a HOT source that were not read as Heat (none for an OVF package).
    fn source_not_checked(&self) -> Vec<Unchecked> {
        self.hot()
            .map(crate::model::open::unchecked)
            .unwrap_or_default()
    }
}

/// Violations first (the package's, then the output set's, each in place order), then the
/// remarks in the order they were added, then the waived violations in place order.
fn sort_violations_first(findings: &mut [Finding]) {
    findings.sort_by_key(|f| match f.kind {
        _ if f.waived.is_some() => 3,
        FindingKind::Package(_) => 0,
        FindingKind::Output(_) => 1,
        FindingKind::Remark(_) => 2,
    });
}

/// An answer that stops the write.
fn answer_finding(problem: &AnswerProblem) -> Finding {
    let mut message = problem.message.clone();
    if !problem.choices.is_empty() {
        message.push_str(&format!("; valid: {}", problem.choices.join(", ")));
    }
    let mut finding = Finding::remark(
        Severity::Error,
        RemarkKind::Answer,
        problem.subject.clone(),
        problem.rule.clone(),
        message,
    );
    finding.answer = Some(problem.subject.clone());
    finding
}

/// A conversion or composition note: one that stops the write is an error, one about an
/// answer chosen against the requirements a warning (the operator's to weigh), any other a
/// note (counted as one, not as a warning).
fn note_finding(note: &Note) -> Finding {
    let answer = note_answer_subject(note);
    let severity = match note.level {
        NoteLevel::Error => Severity::Error,
        NoteLevel::Warning if answer.is_some() => Severity::Warning,
        NoteLevel::Warning => Severity::Note,
    };
    let mut finding = Finding::remark(
        severity,
        RemarkKind::Note,
        format!("{} {}", note.section, note.subject),
        String::new(),
        note.message.clone(),
    );
    finding.answer = answer;
    finding
}

/// A fix the answers record or the level admits that was not applied.
fn fix_note_finding(note: &FixNote) -> Finding {
    Finding::remark(
        Severity::Note,
        RemarkKind::Note,
        "fix not applied".to_owned(),
        String::new(),
        note.to_string(),
    )
}

/// A file not read as Heat.
fn not_checked_finding(file: &Unchecked) -> Finding {
    Finding::remark(
        Severity::Note,
        RemarkKind::NotChecked,
        file.file.clone(),
        String::new(),
        file.reason.clone(),
    )
}

impl Fixable {
    /// Counts one violation of `severity` whose fix has `safety`.
    pub fn add(&mut self, severity: Severity, safety: Safety) {
        let (safe, all) = match severity {
            Severity::Error => (&mut self.errors_safe, &mut self.errors),
            Severity::Warning => (&mut self.warnings_safe, &mut self.warnings),
            Severity::Note => return,
        };
        *all += 1;
        if safety == Safety::Safe {
            *safe += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::check::rules::Profiles;
    use crate::foundation::diagnostics::{Options, WaivedBy};
    use crate::foundation::limits::Limits;
    use crate::session::answers::Answers;
    use crate::session::{Origin, WriteError};

    fn fixture(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
    }

    fn evaluation_of(path: &str) -> Evaluation {
        let mut session = Session::open(&fixture(path), &Limits::default()).unwrap();
        session.evaluate(&Answered::default())
    }

    /// What an evaluation lists, to compare two evaluations whole.
    fn listed(evaluation: &Evaluation) -> String {
        format!(
            "{:#?}\n{:#?}\n{:#?}",
            evaluation.findings,
            evaluation.problems,
            evaluation.resolved().map(|r| &r.files)
        )
    }

    #[test]
    fn evaluations_reusing_parses_and_findings_list_what_a_fresh_session_lists_after_each_change() {
        // Each step answers a parameter (`None` clears its environment value); the steps
        // change the rules' findings (R-69431, R-50011, R-92635/property-value) as well as
        // the answers' problems.
        type Step = (&'static str, Option<&'static str>);
        let changes: [(&str, &[Step]); 3] = [
            (
                "tests/fixtures/convert/hot/vfw",
                &[
                    ("vfw_flavor_name", Some("m1.xlarge")),
                    ("vfw_flavor_name", None),
                    ("vfw_count", Some("two")),
                    ("vfw_count", None),
                    ("vfw_count", Some("3")),
                    ("vfw_flavor_name", Some("m1.large")),
                ],
            ),
            (
                "tests/fixtures/wizard/dns-needs-work",
                &[
                    ("dns_cache_size", Some("0")),
                    ("dns_flavor_name", None),
                    ("dns_cache_size", Some("1024")),
                ],
            ),
            (
                "tests/fixtures/faces/waived",
                &[
                    ("dns_flavor_name", None),
                    ("dns_cache_size", Some("0")),
                    ("unused_flag", Some("true")),
                ],
            ),
        ];
        for (set, steps) in changes {
            let mut kept = Session::open(&fixture(set), &Limits::default()).unwrap();
            let mut draft = crate::session::Draft::default();
            // Back to the first answers at the end: texts parsed before are reused.
            let mut sequence: Vec<Option<Step>> = steps.iter().copied().map(Some).collect();
            sequence.push(None);
            let mut seen = std::collections::BTreeSet::new();
            for step in sequence {
                match step {
                    Some((key, Some(value))) => {
                        draft.cleared.remove(key);
                        draft.values.insert(key.to_owned(), value.to_owned());
                    }
                    Some((key, None)) => {
                        draft.values.remove(key);
                        draft.cleared.insert(key.to_owned());
                    }
                    None => draft = crate::session::Draft::default(),
                }
                let answered = kept.answered(&draft);
                let mut fresh = Session::open(&fixture(set), &Limits::default()).unwrap();
                let expected = fresh.evaluate(&fresh.answered(&draft));
                let found = kept.evaluate(&answered);
                assert_eq!(listed(&found), listed(&expected), "{set} after {step:?}");
                // The same answers again: the same output files, the findings kept.
                let again = kept.evaluate(&answered);
                assert_eq!(listed(&again), listed(&expected), "{set} again {step:?}");
                let rules: Vec<&str> = found.output_violations().map(|v| v.rule.id).collect();
                seen.insert(rules);
            }
            assert!(
                seen.len() > 1,
                "{set}: the changes change the rules' findings"
            );
            assert!(
                kept.memo.counts().reused > 0,
                "{set}: unchanged files were parsed again"
            );
        }
    }

    #[test]
    fn the_gate_closes_on_the_output_sets_errors_and_the_write_reads_it() {
        let mut session = Session::open(
            &fixture("tests/fixtures/wizard/dns-needs-work"),
            &Limits::default(),
        )
        .unwrap();
        let evaluation = session.evaluate(&Answered::default());
        let gate = evaluation.gate();
        assert!(gate.refused.is_empty(), "{gate:?}");
        assert_eq!(gate.errors, 9);
        assert_eq!(
            gate.reason().unwrap(),
            format!(
                "the output set has 9 errors against {} MUST rules",
                gate.rules.len()
            )
        );
        assert!(evaluation.refusal().is_none(), "the answers are taken");
        let out = tempfile::tempdir().unwrap();
        let written = session.write_outputs(
            &evaluation,
            &out.path().join("out"),
            false,
            &Options::new(&Limits::default()),
        );
        assert!(
            matches!(&written, Err(WriteError::Closed(reason)) if *reason == gate.reason().unwrap()),
            "{:?}",
            written.err()
        );
        assert!(!out.path().join("out").exists());
    }

    #[test]
    fn problems_met_taking_the_answers_are_listed_first_and_refuse() {
        let mut session = Session::open(
            &fixture("tests/fixtures/convert/hot/vfw"),
            &Limits::default(),
        )
        .unwrap();
        session.set_rules(Profiles::built_in().selection("seed").unwrap());
        assert!(session.evaluate(&Answered::default()).gate().is_open());
        let mut answers = Answers::default();
        let problem = session
            .assign(&mut answers, "vfw_admin_password", "hush", Origin::Argv)
            .unwrap_err();
        let evaluation = session.evaluate(&Answered {
            answers,
            problems: vec![problem.clone()],
        });
        assert_eq!(evaluation.problems, std::slice::from_ref(&problem));
        let first = evaluation.findings.first().and_then(Finding::remark_of);
        assert_eq!(
            first.map(|r| (r.kind, r.subject.as_str())),
            Some((RemarkKind::Answer, "parameter vfw_admin_password"))
        );
        assert_eq!(evaluation.gate().refused, [problem.to_string()]);
        assert_eq!(evaluation.refusal().unwrap().problems, [problem]);
    }

    #[test]
    fn findings_carry_their_fixes_and_the_counts_follow_them() {
        let evaluation = evaluation_of("tests/fixtures/wizard/dns-needs-work");
        let counts = evaluation.counts();
        assert_eq!(
            (counts.errors, counts.warnings, counts.not_checked),
            (9, 1, 0)
        );
        let safe_errors = evaluation
            .findings
            .iter()
            .filter(|f| f.severity() == Severity::Error)
            .filter(|f| matches!(&f.fix, Some(FixView::Ready(p)) if p.safety == Safety::Safe))
            .count();
        assert!(safe_errors > 0);
        assert_eq!(counts.fixable.errors_safe, safe_errors);
        let output: Vec<&Violation> = evaluation.output_violations().collect();
        assert_eq!(
            output.len(),
            10,
            "each violation once, with its fix beside it"
        );
        assert_eq!(
            evaluation.resolved().unwrap().violations.len(),
            output.len()
        );
    }

    /// A waiver of the answers file accepting the findings of `rule`.
    fn answered_waiver(rule: &str) -> crate::check::waivers::Waiver {
        use crate::check::waivers::{Place, Waiver, WaiverSpec};
        let spec = WaiverSpec {
            rule: rule.to_owned(),
            reason: "accepted for the test".to_owned(),
            ..WaiverSpec::default()
        };
        let place = Place {
            file: PathBuf::from("answers.yaml"),
            line: 1,
        };
        Waiver::new(spec, WaivedBy::Answers, place, None).unwrap()
    }

    #[test]
    fn waived_findings_stay_listed_last_with_their_waivers_and_neither_count_nor_block() {
        let mut session =
            Session::open(&fixture("tests/fixtures/faces/waived"), &Limits::default()).unwrap();
        // The set's own comments waive two findings; the config's waiver is not given.
        let evaluation = session.evaluate(&Answered::default());
        let counts = evaluation.counts();
        assert_eq!((counts.errors, counts.warnings, counts.waived), (8, 0, 2));
        let waived: Vec<(&str, WaivedBy)> = evaluation
            .waived()
            .map(|(v, w)| (v.rule.id, w.by))
            .collect();
        assert_eq!(
            waived,
            [
                ("R-44001", WaivedBy::Inline),
                ("R-92635/misspelt-function", WaivedBy::Inline)
            ]
        );
        let last = &evaluation.findings[evaluation.findings.len() - 2..];
        assert!(last.iter().all(|f| f.waived.is_some() && f.fix.is_none()));
        assert!(last.iter().all(|f| !f.blocks() && !f.counts()));
        assert_eq!(evaluation.gate().errors, 8);
        assert!(
            evaluation
                .output_violations()
                .all(|v| v.rule.id != "R-44001")
        );
        assert_eq!(
            evaluation.resolved().unwrap().waived.len(),
            2,
            "the same two the packages record"
        );
        // The project config's waiver, as `onboard` and the wizard pass it.
        let config = crate::check::config::ProjectConfig::load(
            &fixture("tests/fixtures/faces/waived/vnfwiz.toml"),
            &Limits::default(),
        )
        .unwrap();
        session.set_waivers(config.waivers);
        let evaluation = session.evaluate(&Answered::default());
        let (_, unused_flag) = evaluation
            .waived()
            .find(|(v, _)| v.path == "parameters.unused_flag")
            .expect("the config waives it");
        assert_eq!(
            (unused_flag.by, unused_flag.until.as_deref()),
            (WaivedBy::Config, Some("2099-12-31"))
        );
        assert_eq!(evaluation.counts().errors, 7);
        // Every error waived by the answers (which come before the config, so its waiver
        // is left stale): the gate opens, and nothing is fixable any more.
        let answers = Answers {
            waivers: vec![answered_waiver("R-*")],
            ..Answers::default()
        };
        let evaluation = session.evaluate(&Answered::from(answers));
        let counts = evaluation.counts();
        assert_eq!((counts.errors, counts.warnings, counts.waived), (0, 1, 10));
        let stale: Vec<&str> = evaluation.output_violations().map(|v| v.rule.id).collect();
        assert_eq!(stale, ["WAIVER-stale"]);
        assert_eq!(counts.fixable, Fixable::default());
        assert!(evaluation.gate().is_open(), "{:?}", evaluation.gate());
        assert!(evaluation.writable().is_ok());
    }

    #[test]
    fn an_archive_manifest_json_lists_is_carried_and_one_too_large_refuses() {
        let helm = "tests/fixtures/faces/helm-beside";
        let evaluation = evaluation_of(helm);
        let resolved = evaluation.resolved().unwrap();
        let archive = resolved
            .files
            .iter()
            .find(|f| f.path == "vpkg-chart.tgz")
            .expect("the listed chart archive is written");
        assert_eq!(
            archive.bytes,
            std::fs::read(fixture(helm).join("vpkg-chart.tgz")).unwrap()
        );
        assert!(
            resolved.files.iter().all(|f| !f.path.starts_with("helm/")),
            "the chart's own files are not Heat: left out"
        );
        assert_eq!(evaluation.counts().not_checked, 3, "and noted");
        assert!(
            evaluation
                .output_violations()
                .all(|v| v.rule.id != "SDC-manifest-missing"),
            "the written package keeps its MANIFEST.json whole"
        );
        // An archive beyond the limits cannot be carried: the output is refused, naming it.
        let copy = tempfile::tempdir().unwrap();
        for name in ["MANIFEST.json", "base_vfw.yaml", "base_vfw.env"] {
            std::fs::copy(fixture(helm).join(name), copy.path().join(name)).unwrap();
        }
        std::fs::write(copy.path().join("vpkg-chart.tgz"), vec![0u8; 40_000]).unwrap();
        let limits = Limits {
            max_file_bytes: 20_000,
            ..Limits::default()
        };
        let mut session = Session::open(copy.path(), &limits).unwrap();
        let evaluation = session.evaluate(&Answered::default());
        let refused = evaluation.gate().refused;
        assert!(
            refused.len() == 1
                && refused[0].contains("vpkg-chart.tgz")
                && refused[0].contains("cannot be carried"),
            "{refused:?}"
        );
    }
}
