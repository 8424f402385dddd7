//! The onboarding session's own thread: it opens the source (reporting hashing progress,
//! stopping when cancelled), then answers requests in order: evaluating answers (problems
//! first, then the resolved and validated set; only the newest evaluation waiting runs),
//! planning fixes for a preview, writing the outputs, saving the answers, reading the source
//! again. While idle it watches the source's files and reads them again when they change.
//! Every decision is the session's; this thread only turns its results into what the steps
//! show.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::checked::{Checked, Finding, FindingKind, FixView, PlannedFix, Preview, Resolution};
use super::effect::{
    Draft, FixOrder, Message, OpenFailure, Progress, Reread, WriteOrder, WriteReport,
};
use super::opened::Opened;
use crate::check::validation::InputError;
use crate::foundation::diagnostics::{Options, Severity, SourceTexts};
use crate::foundation::limits::Limits;
use crate::input::integrity::IntegrityError;
use crate::input::source::locate;
use crate::session::answers::Answers;
use crate::session::{
    AnswerProblem, Fingerprint, Origin, OutputFile, PlanError, Resolved, Session, SessionError,
    SourceFile, SourceFixes, Watched, WriteError, fix_views, note_answer_subject,
};
use crate::transform::convert::{Note, NoteLevel};
use crate::transform::fix::Safety;
use crate::transform::fix::WriteBack;
use crate::tui::widgets::paragraph::count;

/// The shortest time between two progress messages (the gauge redraws at most this often).
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// How often the source's files are looked at while no request comes: a change is read
/// within two looks once the files settle (docs/decisions.md).
const WATCH_INTERVAL: Duration = Duration::from_millis(300);

/// What the wizard asks of the session.
#[derive(Debug)]
pub enum Request {
    /// Check and resolve answers.
    Evaluate(u64, Draft),
    /// Plan fixes on the resolved set, for the evaluation of that generation.
    Plan(u64, Draft, FixOrder),
    /// Which source files the applied fixes change.
    PlanWriteBack(Draft),
    /// Write the fixes into the source files.
    WriteBack(SourceFixes),
    /// Resolve, package and write.
    Write(WriteOrder),
    /// Save the answers without secrets.
    Save(Draft, PathBuf),
    /// Read the source again if its files changed (after the operator edited them).
    Reread,
}

/// Opens `path` and serves requests until the wizard drops the sender; between requests
/// it watches the source's files and reads the source again when they change.
pub fn run<T: From<Message> + Send>(
    path: &Path,
    limits: &Limits,
    cancel: &AtomicBool,
    outbox: &Sender<T>,
    requests: &Receiver<Request>,
) {
    let send = |message: Message| outbox.send(message.into()).is_ok();
    let Some(mut session) = open(path, limits, cancel, outbox) else {
        return;
    };
    let mut watch = Watch::new(&session);
    let mut waiting: Option<Request> = None;
    loop {
        let request = match waiting.take() {
            Some(request) => request,
            None => match requests.recv_timeout(WATCH_INTERVAL) {
                Ok(request) => request,
                Err(RecvTimeoutError::Timeout) => {
                    if watch.changed() {
                        Request::Reread
                    } else {
                        continue;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return,
            },
        };
        let alive = match request {
            Request::Evaluate(mut generation, mut draft) => {
                // Only the newest evaluation matters; a write or save keeps its turn.
                while waiting.is_none() {
                    match requests.try_recv() {
                        Ok(Request::Evaluate(g, d)) => (generation, draft) = (g, d),
                        Ok(other) => waiting = Some(other),
                        Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
                    }
                }
                let started = Instant::now();
                let (answers, problems) = checked_answers(&session, &draft);
                if !send(Message::Problems {
                    generation,
                    problems,
                    left_open: session.left_open(&answers),
                }) {
                    return;
                }
                // A newer evaluation that arrived meanwhile makes this resolution stale.
                if waiting.is_none()
                    && let Ok(next) = requests.try_recv()
                {
                    waiting = Some(next);
                }
                if matches!(waiting, Some(Request::Evaluate(..))) {
                    continue;
                }
                send(Message::Resolved {
                    generation,
                    resolution: Arc::new(resolution(&session, &answers, started)),
                })
            }
            Request::Plan(generation, draft, order) => send(Message::FixPlanned {
                generation,
                plan: plan(&session, &draft, &order),
            }),
            Request::Write(order) => {
                let progress = Throttled::new(|progress| {
                    let _ = outbox.send(Message::WriteProgress(progress).into());
                });
                let report = |done, total| progress.report(done, total);
                // The wizard ending (a signal, a quit) cancels it: the write removes what it
                // staged.
                let options = Options {
                    cancel,
                    ..Options::new(limits).with_progress(&report)
                };
                send(Message::Written(write(&session, &order, &options)))
            }
            Request::Save(draft, path) => send(Message::Saved(save(&session, &draft, &path))),
            Request::Reread => {
                let reread = if watch.unchanged() {
                    Reread::Unchanged
                } else {
                    read_again(&mut session, &mut watch, path, limits, cancel, outbox)
                };
                send(Message::Reread(reread))
            }
            Request::PlanWriteBack(draft) => {
                send(Message::WriteBackPlanned(plan_write_back(&session, &draft)))
            }
            Request::WriteBack(plan) => {
                let done = session.write_source_fixes(&plan);
                let settled = done.skipped.is_empty();
                let summary = wrote_back(&done);
                // The source now holds the fixes: read it at once rather than when the
                // watch notices, so the review never shows the source without them.
                let reread = read_again(&mut session, &mut watch, path, limits, cancel, outbox);
                send(Message::WroteBack {
                    summary,
                    settled,
                    reread,
                })
            }
        };
        if !alive {
            return;
        }
    }
}

/// Reads the source again after its files changed, keeping the session's rules.
fn read_again<T: From<Message> + Send>(
    session: &mut Session,
    watch: &mut Watch,
    path: &Path,
    limits: &Limits,
    cancel: &AtomicBool,
    outbox: &Sender<T>,
) -> Reread {
    match read(path, limits, cancel, outbox) {
        Ok((mut fresh, opened)) => {
            fresh.set_rules(session.rules().clone());
            *session = fresh;
            *watch = Watch::new(session);
            Reread::Opened(Arc::new(opened))
        }
        Err(failure) => {
            // Not again until the files change once more.
            watch.failed();
            Reread::Failed(failure.reason)
        }
    }
}

/// The source's files as last read, to notice when they change. A change is acted on once
/// the files have stayed the same for one more look, so a save in several writes is read
/// once it is whole.
struct Watch {
    watched: Watched,
    seen: Fingerprint,
    pending: Option<Fingerprint>,
    /// A file changed while the source was being read: read it again at once.
    stale: bool,
}

impl Watch {
    fn new(session: &Session) -> Watch {
        let (seen, stale) = session.read_as();
        Watch {
            watched: session.watched(),
            seen,
            pending: None,
            stale,
        }
    }

    /// Whether the files changed since they were read and have settled.
    fn changed(&mut self) -> bool {
        if self.stale {
            return true;
        }
        let now = self.watched.fingerprint();
        if now == self.seen {
            self.pending = None;
            return false;
        }
        let settled = self.pending.as_ref() == Some(&now);
        self.pending = Some(now);
        settled
    }

    /// Whether the files are as they were read (for a reading asked for).
    fn unchanged(&self) -> bool {
        !self.stale && self.watched.fingerprint() == self.seen
    }

    /// Reading failed: the files as they are now count as seen.
    fn failed(&mut self) {
        self.seen = self.watched.fingerprint();
        self.pending = None;
        self.stale = false;
    }
}

/// Progress reports at most every `PROGRESS_INTERVAL`, and the last one, with the time
/// since the work started.
struct Throttled<F: Fn(Progress)> {
    send: F,
    started: Instant,
    last: Mutex<Option<Instant>>,
}

impl<F: Fn(Progress)> Throttled<F> {
    fn new(send: F) -> Throttled<F> {
        Throttled {
            send,
            started: Instant::now(),
            last: Mutex::new(None),
        }
    }

    fn report(&self, done: u64, total: u64) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_none_or(|at| at.elapsed() >= PROGRESS_INTERVAL) || done == total {
            *last = Some(Instant::now());
            (self.send)(Progress {
                done,
                total,
                elapsed: self.started.elapsed(),
            });
        }
    }
}

/// Opens the session, sending the kind, throttled progress and the result.
fn open<T: From<Message> + Send>(
    path: &Path,
    limits: &Limits,
    cancel: &AtomicBool,
    outbox: &Sender<T>,
) -> Option<Session> {
    let send = |message: Message| {
        let _ = outbox.send(message.into());
    };
    let kind = match locate(path) {
        Ok(located) => located.kind,
        Err(error) => {
            send(Message::Opened(Err(OpenFailure {
                reason: crate::error_chain(&error),
                cancelled: false,
            })));
            return None;
        }
    };
    send(Message::Opening(kind));
    match read(path, limits, cancel, outbox) {
        Ok((session, opened)) => {
            send(Message::Opened(Ok(Arc::new(opened))));
            Some(session)
        }
        Err(failure) => {
            send(Message::Opened(Err(failure)));
            None
        }
    }
}

/// Reads the source into a session (hashing an OVF package's files with throttled
/// progress), with what the steps show of it.
fn read<T: From<Message> + Send>(
    path: &Path,
    limits: &Limits,
    cancel: &AtomicBool,
    outbox: &Sender<T>,
) -> Result<(Session, Opened), OpenFailure> {
    let fail = |reason: String, cancelled: bool| OpenFailure { reason, cancelled };
    let kind = locate(path)
        .map(|l| l.kind)
        .map_err(|error| fail(crate::error_chain(&error), false))?;
    let progress = Throttled::new(|progress| {
        let _ = outbox.send(Message::Progress(progress).into());
    });
    let progress = |done, total| progress.report(done, total);
    let options = Options::new(limits)
        .with_progress(&progress)
        .with_cancel(cancel);
    let session = Session::open_with(path, &options).map_err(|error| {
        let cancelled = matches!(
            error,
            SessionError::Input(InputError::Integrity(IntegrityError::Cancelled))
        );
        fail(crate::error_chain(&error), cancelled)
    })?;
    let opened = Opened {
        path: path.to_path_buf(),
        kind,
        name: session.name().to_owned(),
        questions: session.questions(),
        integrity: session.integrity().cloned(),
        package_violations: session.package_violations().to_vec(),
        missing_images: session.missing_images(),
    };
    Ok((session, opened))
}

/// The session's answers for a draft: field texts typed by their declarations; a text that
/// cannot be taken is a problem.
fn answers(session: &Session, draft: &Draft) -> (Answers, Vec<AnswerProblem>) {
    let mut answers = draft.answers.clone();
    let mut problems = Vec::new();
    // A value an environment file holds, cleared: `null` says so.
    for key in &draft.cleared {
        answers.parameters.insert(
            key.clone(),
            crate::input::yaml::write::node(crate::input::yaml::Value::Null),
        );
    }
    for (key, text) in &draft.values {
        // Typed in the wizard, never seen by the process list: secrets are welcome.
        if let Err(problem) = session.assign(&mut answers, key, text, Origin::File) {
            problems.push(problem);
        }
    }
    (answers, problems)
}

/// The draft's answers and every problem with them.
fn checked_answers(session: &Session, draft: &Draft) -> (Answers, Vec<AnswerProblem>) {
    let (answers, mut problems) = answers(session, draft);
    problems.extend(session.check(&answers));
    (answers, problems)
}

/// Resolves answers into what the review and write steps show.
fn resolution(session: &Session, answers: &Answers, started: Instant) -> Resolution {
    let package = session.package_violations().to_vec();
    // A choice among implementations changes what is asked: the session says anew.
    let questions = session.questions_for(answers);
    let (capabilities, parameters) = (questions.capabilities, questions.parameters);
    let package_origins = origins(session, package.iter().map(|v| (v.file.as_str(), None)));
    let resolved = match session.resolve(answers) {
        Ok(resolved) => resolved,
        Err(refusal) => {
            let texts = NoTexts;
            let mut checked = Checked::new(package, &texts, Vec::new(), started.elapsed());
            let mut findings: Vec<Finding> = refusal.problems.iter().map(answer_finding).collect();
            findings.extend(refusal.notes.iter().map(note_finding));
            checked.add_findings(findings);
            checked.origins = package_origins;
            return Resolution {
                checked,
                refusal: Some(refusal.to_string().lines().map(str::to_owned).collect()),
                capabilities,
                parameters,
                ..Resolution::default()
            };
        }
    };
    let answer_problems = resolved.answer_problems(answers);
    let parameters = resolved.still_asked(parameters);
    let mut findings: Vec<Finding> = resolved.notes.iter().map(note_finding).collect();
    findings.extend(resolved.fixes.notes.iter().map(|note| Finding {
        severity: Severity::Note,
        kind: FindingKind::Note,
        subject: "fix not applied".to_owned(),
        rule: String::new(),
        message: note.to_string(),
        answer: None,
    }));
    let mut all_answers = vec![None; package.len()];
    all_answers.extend(session.answer_subjects(&resolved));
    let mut all_origins = package_origins;
    all_origins.extend(origins(
        session,
        resolved.files.iter().map(|f| (f.path.as_str(), Some(f))),
    ));
    let (resolved, fixes) = fix_views(resolved);
    let unset = resolved.unset.clone();
    let previews = resolved
        .previews()
        .into_iter()
        .map(|p| Preview {
            title: p.what.to_owned(),
            path: p.path,
            text: p.text,
        })
        .collect();
    // The set's own texts: hidden values masked (`hot::secrets`).
    let Resolved {
        set: texts,
        mut violations,
        ..
    } = resolved;
    let mut all_fixes = vec![None; package.len()];
    all_fixes.extend(fixes);
    let mut all = package;
    all.append(&mut violations);
    let mut checked = Checked::new(all, &texts, previews, started.elapsed());
    if all_fixes.len() == checked.violations.len() {
        checked.safe_fixes = all_fixes
            .iter()
            .filter(|f| matches!(f, Some(FixView::Ready(p)) if p.safety == Safety::Safe))
            .count();
        checked.fixes = all_fixes;
    }
    checked.answers = all_answers;
    checked.origins = all_origins;
    checked.add_findings(findings);
    Resolution {
        checked,
        refusal: None,
        unset,
        capabilities,
        parameters,
        answer_problems,
    }
}

/// Where each file is on disk, or why it has no place there to edit.
fn origins<'f>(
    session: &Session,
    files: impl Iterator<Item = (&'f str, Option<&'f OutputFile>)>,
) -> HashMap<String, Result<SourceFile, String>> {
    let mut out = HashMap::new();
    for (path, output) in files {
        if !out.contains_key(path) {
            let origin = session
                .source_file(path, output)
                .map_err(|why| why.to_string());
            out.insert(path.to_owned(), origin);
        }
    }
    out
}

/// An answer that stops the resolution, as the review lists it.
fn answer_finding(problem: &AnswerProblem) -> Finding {
    let mut message = problem.message.clone();
    if !problem.choices.is_empty() {
        message.push_str(&format!("; valid: {}", problem.choices.join(", ")));
    }
    Finding {
        severity: Severity::Error,
        kind: FindingKind::Answer,
        subject: problem.subject.clone(),
        rule: problem.rule.clone(),
        message,
        answer: Some(problem.subject.clone()),
    }
}

/// A conversion or composition note, as the review lists it: one that stops the write is
/// an error, one about an answer chosen against the requirements a warning (the operator's
/// to weigh), any other a note (counted as one, not as a warning).
fn note_finding(note: &Note) -> Finding {
    let answer = note_answer_subject(note);
    Finding {
        severity: match note.level {
            NoteLevel::Error => Severity::Error,
            NoteLevel::Warning if answer.is_some() => Severity::Warning,
            NoteLevel::Warning => Severity::Note,
        },
        kind: FindingKind::Note,
        subject: format!("{} {}", note.section, note.subject),
        rule: String::new(),
        message: note.message.clone(),
        answer,
    }
}

/// Plans the fixes `order` asks for on the output set `draft` resolves to, for a preview.
fn plan(session: &Session, draft: &Draft, order: &FixOrder) -> Result<PlannedFix, String> {
    let (answers, problems) = answers(session, draft);
    if let Some(problem) = problems.into_iter().next() {
        return Err(PlanError::Problem(problem).to_string());
    }
    session
        .plan_fix(&answers, order)
        .map_err(|error| error.to_string())
}

/// Texts for violations of a package whose descriptor the session keeps to itself.
struct NoTexts;

impl SourceTexts for NoTexts {
    fn text(&self, _: &str) -> Option<std::borrow::Cow<'_, str>> {
        None
    }

    fn file_count(&self) -> usize {
        0
    }
}

/// Resolves, packages and writes; then saves the answers when asked. An error means
/// nothing was written (the outputs are all or nothing, and a file to save the answers to
/// that is a folder is refused first); answers that fail to save after the outputs are
/// written are reported in the report, not as an error.
fn write(
    session: &Session,
    order: &WriteOrder,
    options: &Options<'_>,
) -> Result<WriteReport, String> {
    let (answers, problems) = answers(session, &order.draft);
    if let Some(problem) = problems.first() {
        return Err(problem.to_string());
    }
    if let Some(path) = &order.save_to
        && path.is_dir()
    {
        return Err(format!(
            "{} is a folder; give the file to save the answers to",
            path.display()
        ));
    }
    let resolved = session
        .resolve(&answers)
        .map_err(|refusal| refusal.to_string().replace('\n', "; "))?;
    let written = session
        .write_outputs(&resolved, &order.out, order.force, options)
        .map_err(|e| write_failure(&e))?;
    let packages: Vec<String> = written
        .packages
        .iter()
        .map(|p| {
            let path = p.path.strip_prefix(&written.directory).unwrap_or(&p.path);
            path.display().to_string()
        })
        .collect();
    let (answers_saved, answers_failed) = match &order.save_to {
        Some(path) => match save(session, &order.draft, path) {
            Ok(saved) => (Some(saved), None),
            Err(reason) => (None, Some((path.clone(), reason))),
        },
        None => (None, None),
    };
    // Every warning and note the review showed: the output set's, the package's and the
    // conversion's, counted as the review counts them (`note_finding`).
    let (warned, noted): (Vec<&Note>, Vec<&Note>) = resolved
        .notes
        .iter()
        .filter(|n| n.level == NoteLevel::Warning)
        .partition(|n| note_answer_subject(n).is_some());
    let warnings = resolved
        .violations
        .iter()
        .chain(session.package_violations())
        .filter(|v| v.severity() == Severity::Warning)
        .count()
        + warned.len();
    let notes = noted.len();
    let mut summary = format!(
        "Onboarded {} into {}: {}, 0 errors, {}",
        session.label(),
        written.directory.display(),
        count(written.files.len() + packages.len(), "file"),
        count(warnings, "warning")
    );
    if notes > 0 {
        summary.push_str(&format!(", {}", count(notes, "note")));
    }
    summary.push('.');
    Ok(WriteReport {
        directory: written.directory,
        files: written.files,
        packages,
        secret_files: written.secret_files,
        answers_saved,
        answers_failed,
        summary,
    })
}

/// Why a write failed, as the write step says it: its settings named as the screen shows
/// them (the replace checkbox, not the command line's `--force`), once each.
fn write_failure(error: &WriteError) -> String {
    match error {
        WriteError::NotEmpty(path) => format!(
            "{} is not empty; tick “Replace a non-empty folder” to replace its content, or choose another folder",
            path.display()
        ),
        WriteError::Io { path, source } => format!("{}: {source}", path.display()),
        other => crate::error_chain(other),
    }
}

/// Writes the answers without secrets (the session says which keys are secret) to `path`,
/// through a temporary sibling so a failure leaves any earlier file whole.
fn save(session: &Session, draft: &Draft, path: &Path) -> Result<PathBuf, String> {
    let (answers, _) = answers(session, draft);
    let text = answers.to_yaml(|key| session.is_secret(key));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let staging = path.with_file_name(format!(".{name}.vnfwiz-{}", std::process::id()));
    std::fs::write(&staging, text)
        .and_then(|()| std::fs::rename(&staging, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&staging);
            e.to_string()
        })?;
    Ok(path.to_path_buf())
}

/// Which source files the draft's applied fixes change.
fn plan_write_back(session: &Session, draft: &Draft) -> Result<SourceFixes, String> {
    let (answers, _) = answers(session, draft);
    session
        .source_fixes(&answers)
        .map_err(|error| error.to_string())
}

/// One line saying what a write-back wrote and left alone.
fn wrote_back(done: &WriteBack) -> String {
    let mut parts = Vec::new();
    let written: Vec<&str> = done
        .written
        .iter()
        .chain(&done.created)
        .map(String::as_str)
        .collect();
    if !written.is_empty() {
        parts.push(format!("Wrote the fixes back to {}", written.join(", ")));
    }
    for (path, reason) in &done.skipped {
        parts.push(format!("left {path} alone: {reason}"));
    }
    if parts.is_empty() {
        "Nothing written back".to_owned()
    } else {
        parts.join("; ") + "."
    }
}
