//! The onboarding session's own thread: it opens the source (reporting hashing progress,
//! stopping when cancelled) and takes its project config as `onboard` does, then serves
//! requests in order, each one call of the session:
//! evaluating answers (their problems first, then the session's evaluation; only the newest
//! evaluation waiting runs), planning fixes for a preview, writing the outputs, saving the
//! answers, writing fixes back, reading the source again. While idle it polls the
//! session's [`Watch`] and reads the source again when its files changed and settled.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::effect::{
    Draft, FixOrder, Message, OpenFailure, Progress, Reread, WriteOrder, WriteReport,
};
use super::evaluated::{Evaluated, PlannedFix};
use super::opened::Opened;
use crate::check::config::{Lookup, ProjectConfig};
use crate::check::rules::Profiles;
use crate::foundation::diagnostics::{Options, Severity};
use crate::foundation::limits::Limits;
use crate::input::integrity::IntegrityError;
use crate::input::source::locate;
use crate::model::open::InputError;
use crate::output::report::handover::write_html;
use crate::session::{PlanError, SaveError, Session, SessionError, SourceFixes, Watch, WriteError};
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
    Save(Draft, std::path::PathBuf),
    /// Write the HTML report of the draft's findings beside this output folder.
    Report(Draft, std::path::PathBuf),
    /// Read the source again if its files changed (after the operator edited them).
    Reread,
}

/// Opens `path` with the project config `config` finds and serves requests until the
/// wizard drops the sender; between requests it watches the source's files and reads the
/// source (and its config) again when they change.
pub fn run<T: From<Message> + Send>(source: &Source<'_, T>, requests: &Receiver<Request>) {
    let (limits, cancel, outbox) = (source.limits, source.cancel, source.outbox);
    let send = |message: Message| outbox.send(message.into()).is_ok();
    let Some(mut session) = source.open() else {
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
                let answered = session.answered(&draft);
                let mut problems = answered.problems.clone();
                // The answers' profile first: it decides what is left open.
                if let Err(problem) = session.follow_profile(&answered.answers) {
                    problems.push(problem);
                }
                problems.extend(session.check(&answered.answers));
                if !send(Message::Problems {
                    generation,
                    problems,
                    left_open: session.left_open(&answered.answers),
                }) {
                    return;
                }
                // A newer evaluation that arrived meanwhile makes this one stale.
                if waiting.is_none()
                    && let Ok(next) = requests.try_recv()
                {
                    waiting = Some(next);
                }
                if matches!(waiting, Some(Request::Evaluate(..))) {
                    continue;
                }
                let mut evaluated = Evaluated::build(&mut session, &answered);
                evaluated.elapsed = started.elapsed();
                send(Message::Evaluated {
                    generation,
                    evaluated: Arc::new(evaluated),
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
                send(Message::Written(write(&mut session, &order, &options)))
            }
            Request::Save(draft, path) => send(Message::Saved(
                session
                    .save_answers(&session.answered(&draft).answers, &path)
                    .map_err(|e| e.to_string()),
            )),
            Request::Report(draft, out) => {
                let answered = session.answered(&draft);
                send(Message::Reported(
                    write_html(&mut session, &answered, source.path, &out, limits)
                        .map_err(|error| crate::error_chain(&error)),
                ))
            }
            Request::Reread => {
                let reread = if watch.unchanged() {
                    Reread::Unchanged
                } else {
                    source.read_again(&mut session, &mut watch)
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
                let reread = source.read_again(&mut session, &mut watch);
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

/// The source the thread serves and how it is read: within these bounds, with the project
/// config this lookup finds, cancelled by this flag, reporting to this outbox.
pub struct Source<'a, T> {
    /// The path the operator chose.
    pub path: &'a Path,
    /// Bounds on what is read.
    pub limits: &'a Limits,
    /// Where the project config comes from.
    pub config: &'a Lookup,
    /// Set when the wizard cancels opening (or ends).
    pub cancel: &'a AtomicBool,
    /// Where messages go.
    pub outbox: &'a Sender<T>,
}

impl<T: From<Message> + Send> Source<'_, T> {
    /// Opens the session, sending the kind, throttled progress and the result.
    fn open(&self) -> Option<Session> {
        let send = |message: Message| {
            let _ = self.outbox.send(message.into());
        };
        let kind = match locate(self.path) {
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
        match self.read() {
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

    /// Reads the source again after its files changed, with its project config as it is
    /// now.
    fn read_again(&self, session: &mut Session, watch: &mut Watch) -> Reread {
        match self.read() {
            Ok((fresh, opened)) => {
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

    /// Reads the source into a session (hashing an OVF package's files with throttled
    /// progress) and takes its project config, with what the steps show of it.
    fn read(&self) -> Result<(Session, Opened), OpenFailure> {
        let fail = |reason: String, cancelled: bool| OpenFailure { reason, cancelled };
        let kind = locate(self.path)
            .map(|l| l.kind)
            .map_err(|error| fail(crate::error_chain(&error), false))?;
        let progress = Throttled::new(|progress| {
            let _ = self.outbox.send(Message::Progress(progress).into());
        });
        let progress = |done, total| progress.report(done, total);
        let options = Options::new(self.limits)
            .with_progress(&progress)
            .with_cancel(self.cancel);
        let mut session = Session::open_with(self.path, &options).map_err(|error| {
            let cancelled = matches!(
                error,
                SessionError::Input(InputError::Integrity(IntegrityError::Cancelled))
            );
            fail(crate::error_chain(&error), cancelled)
        })?;
        self.configure(&mut session)
            .map_err(|reason| fail(reason, false))?;
        let opened = Opened {
            path: self.path.to_path_buf(),
            kind,
            name: session.name().to_owned(),
            questions: session.questions(),
            integrity: session.integrity().cloned(),
            package_violations: session.package_violations().to_vec(),
            missing_images: session.missing_images(),
            profiles: session
                .profiles()
                .iter()
                .map(|p| (p.name.clone(), p.summary.clone()))
                .collect(),
        };
        Ok((session, opened))
    }

    /// Takes the project config in force as `onboard` does without rule flags: its rule
    /// choice (`profile`, `[rules]`) among the profiles in effect (built in, and the file
    /// `$VNFWIZ_PROFILES` or `~/.config/vnfwiz/profiles.yaml` names), and its waivers.
    fn configure(&self, session: &mut Session) -> Result<(), String> {
        let config = self
            .config
            .load(self.path, self.limits)
            .map_err(|e| e.to_string())?;
        let profiles = Profiles::load(None, self.limits).map_err(|e| e.to_string())?;
        let choice = config
            .as_ref()
            .map(ProjectConfig::choice)
            .unwrap_or_default();
        let file = config.as_ref().map(|c| c.file.clone());
        session
            .check_with(choice, profiles, config)
            .map_err(|error| match file {
                Some(file) => format!("{}: {error}", file.display()),
                None => error.to_string(),
            })
    }
}

/// Plans the fixes `order` asks for on the output set `draft` resolves to, for a preview.
fn plan(session: &Session, draft: &Draft, order: &FixOrder) -> Result<PlannedFix, String> {
    let answered = session.answered(draft);
    if let Some(problem) = answered.problems.into_iter().next() {
        return Err(PlanError::Problem(problem).to_string());
    }
    session
        .plan_fix(&answered.answers, order)
        .map_err(|error| error.to_string())
}

/// Resolves, packages and writes; then saves the answers when asked. An error means
/// nothing was written (the outputs are all or nothing, and a file to save the answers to
/// that is a folder is refused first); answers that fail to save after the outputs are
/// written are reported in the report, not as an error.
fn write(
    session: &mut Session,
    order: &WriteOrder,
    options: &Options<'_>,
) -> Result<WriteReport, String> {
    if let Some(path) = &order.save_to
        && path.is_dir()
    {
        return Err(SaveError::Folder(path.clone()).to_string());
    }
    let answered = session.answered(&order.draft);
    let evaluation = session.evaluate(&answered);
    let written = session
        .write_outputs(&evaluation, &order.out, order.force, options)
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
        Some(path) => match session.save_answers(&answered.answers, path) {
            Ok(saved) => (Some(saved), None),
            Err(reason) => (None, Some((path.clone(), reason.to_string()))),
        },
        None => (None, None),
    };
    // Every warning and note the review showed, counted as it counts them: the package's,
    // the output set's and the remarks' (a conversion note is a note, not a warning).
    let warnings = evaluation.count(Severity::Warning);
    let notes = evaluation.count(Severity::Note);
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

/// Which source files the draft's applied fixes change.
fn plan_write_back(session: &Session, draft: &Draft) -> Result<SourceFixes, String> {
    session
        .source_fixes(&session.answered(draft).answers)
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
