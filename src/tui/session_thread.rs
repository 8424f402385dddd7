//! The onboarding session's own thread: it opens the source (reporting hashing progress,
//! stopping when cancelled), then answers requests in order: evaluating answers (problems
//! first, then the resolved and validated set; only the newest evaluation waiting runs),
//! planning fixes for a preview, writing the outputs, saving the answers. Every decision
//! is the session's; this thread only turns its results into what the steps show.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::checked::{Checked, FixView, PlannedFix, Preview, Resolution};
use super::effect::{Draft, FixOrder, Message, OpenFailure, Progress, WriteOrder, WriteReport};
use super::opened::{Opened, kind_of};
use crate::answers::Answers;
use crate::fix::{FixLevel, Offer, Safety, Workspace, record_of};
use crate::integrity::{IntegrityError, Options};
use crate::limits::Limits;
use crate::report::{Severity, SourceTexts};
use crate::session::{
    AnswerProblem, FileRole, Origin, RedactedSet, Resolved, Session, SessionError,
};
use crate::validation::InputError;

/// The shortest time between two progress messages (the gauge redraws at most this often).
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// What the wizard asks of the session.
#[derive(Debug)]
pub enum Request {
    /// Check and resolve answers.
    Evaluate(u64, Draft),
    /// Plan fixes on the resolved set, for the evaluation of that generation.
    Plan(u64, Draft, FixOrder),
    /// Resolve, package and write.
    Write(WriteOrder),
    /// Save the answers without secrets.
    Save(Draft, PathBuf),
}

/// Opens `path` and serves requests until the wizard drops the sender.
pub fn run<T: From<Message> + Send>(
    path: &Path,
    limits: &Limits,
    cancel: &AtomicBool,
    outbox: &Sender<T>,
    requests: &Receiver<Request>,
) {
    let send = |message: Message| outbox.send(message.into()).is_ok();
    let Some(session) = open(path, limits, cancel, outbox) else {
        return;
    };
    let mut waiting: Option<Request> = None;
    loop {
        let request = match waiting.take() {
            Some(request) => request,
            None => match requests.recv() {
                Ok(request) => request,
                Err(_) => return,
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
    let fail = |reason: String, cancelled: bool| {
        send(Message::Opened(Err(OpenFailure { reason, cancelled })));
    };
    let kind = match kind_of(path) {
        Ok(kind) => kind,
        Err(error) => {
            fail(crate::error_chain(&error), false);
            return None;
        }
    };
    send(Message::Opening(kind));
    let progress = Throttled::new(|progress| send(Message::Progress(progress)));
    let progress = |done, total| progress.report(done, total);
    let options = Options::new(limits)
        .with_progress(&progress)
        .with_cancel(cancel);
    let session = match Session::open_with(path, &options) {
        Ok(session) => session,
        Err(error) => {
            let cancelled = matches!(
                error,
                SessionError::Input(InputError::Integrity(IntegrityError::Cancelled))
            );
            fail(crate::error_chain(&error), cancelled);
            return None;
        }
    };
    let opened = Opened {
        path: path.to_path_buf(),
        kind,
        name: session.name().to_owned(),
        questions: session.questions(),
        integrity: session.integrity().cloned(),
        package_violations: session.package_violations().to_vec(),
    };
    send(Message::Opened(Ok(Arc::new(opened))));
    Some(session)
}

/// The session's answers for a draft: field texts typed by their declarations; a text that
/// cannot be taken is a problem.
fn answers(session: &Session, draft: &Draft) -> (Answers, Vec<AnswerProblem>) {
    let mut answers = draft.answers.clone();
    let mut problems = Vec::new();
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
    let resolved = match session.resolve(answers) {
        Ok(resolved) => resolved,
        Err(refusal) => {
            let texts = NoTexts;
            return Resolution {
                checked: Checked::new(package, &texts, Vec::new(), started.elapsed()),
                refusal: Some(refusal.to_string().lines().map(str::to_owned).collect()),
                notes: refusal.notes.iter().map(ToString::to_string).collect(),
                capabilities,
                parameters,
                ..Resolution::default()
            };
        }
    };
    let answer_problems = resolved.answer_problems(answers);
    let mut notes: Vec<String> = resolved.notes.iter().map(ToString::to_string).collect();
    notes.extend(
        resolved
            .fixes
            .notes
            .iter()
            .map(|note| format!("fix not applied: {note}")),
    );
    let (resolved, fixes) = fix_views(resolved);
    let unset = resolved.unset.clone();
    let shown: Vec<(String, String)> = [
        (FileRole::Template, "Template"),
        (FileRole::Environment, "Environment"),
    ]
    .into_iter()
    .filter_map(|(role, title)| {
        let file = resolved.files.iter().find(|f| f.role == role)?;
        Some((title.to_owned(), file.path.clone()))
    })
    .collect();
    let (texts, mut violations) = RedactedSet::new(resolved);
    let previews = shown
        .into_iter()
        .filter_map(|(title, path)| {
            let text = texts.text(&path)?.into_owned();
            Some(Preview { title, path, text })
        })
        .collect();
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
    Resolution {
        checked,
        refusal: None,
        notes,
        unset,
        capabilities,
        parameters,
        answer_problems,
    }
}

/// The fix of each of the output set's violations (parallel to them), as the review marks
/// and previews them; the set goes back into `resolved` unchanged.
fn fix_views(mut resolved: Resolved) -> (Resolved, Vec<Option<FixView>>) {
    let secrets = secret_values(&resolved);
    let workspace = match Workspace::with_violations(
        resolved.set,
        resolved.violations.clone(),
        resolved.rules.clone(),
    ) {
        Ok(workspace) => workspace,
        Err(unfixable) => {
            resolved.set = unfixable.set;
            return (resolved, Vec::new());
        }
    };
    let fixes: Vec<Option<FixView>> = workspace
        .offers()
        .into_iter()
        .zip(workspace.violations())
        .map(|(offer, violation)| {
            Some(match offer? {
                Offer::Ready(fix) => match workspace.preview(&fix) {
                    Ok(preview) => FixView::Ready(PlannedFix {
                        title: fix.title,
                        safety: fix.safety,
                        preview: masked(preview, &secrets),
                        records: vec![record_of(violation, None)],
                        notes: Vec::new(),
                    }),
                    Err(error) => FixView::Unavailable(error.to_string()),
                },
                Offer::NeedsText { title, prompt } => FixView::NeedsText { title, prompt },
                Offer::Unavailable(reason) => FixView::Unavailable(reason),
            })
        })
        .collect();
    let (set, _) = workspace.into_parts();
    resolved.set = set;
    (resolved, fixes)
}

/// Plans fixes on the output set `draft` resolves to, as `F` (every `safe` fix) or a fix
/// with the operator's text previews them: applied to a copy and validated, with notes on
/// what would be left out.
fn plan(session: &Session, draft: &Draft, order: &FixOrder) -> Result<PlannedFix, String> {
    let (answers, problems) = checked_answers(session, draft);
    if let Some(problem) = problems.first() {
        return Err(format!("the answers have a problem: {problem}"));
    }
    let resolved = session.resolve(&answers).map_err(|refusal| {
        format!(
            "the answers do not resolve: {}",
            refusal.to_string().replace('\n', "; ")
        )
    })?;
    let secrets = secret_values(&resolved);
    let workspace =
        Workspace::with_violations(resolved.set, resolved.violations, resolved.rules)
            .map_err(|unfixable| format!("the set cannot be fixed: {}", unfixable.reason))?;
    let planned = match order {
        FixOrder::SafeFixes => workspace.plan(FixLevel::Safe),
        FixOrder::Typed(record) => workspace.plan_replay(std::slice::from_ref(record)),
    };
    let (outcome, preview) = planned.map_err(|error| error.to_string())?;
    let notes: Vec<String> = outcome.notes.iter().map(ToString::to_string).collect();
    let count = outcome.applied.len();
    let title = match (order, outcome.applied.first()) {
        (_, None) => {
            return Err(match notes.first() {
                Some(note) => note.clone(),
                None => "nothing would change".to_owned(),
            });
        }
        (FixOrder::Typed(_), Some(applied)) => applied.title.clone(),
        (FixOrder::SafeFixes, Some(_)) => format!(
            "{count} safe fix{} at once",
            if count == 1 { "" } else { "es" }
        ),
    };
    Ok(PlannedFix {
        title,
        safety: outcome
            .applied
            .iter()
            .map(|a| a.safety)
            .max()
            .unwrap_or(Safety::Safe),
        preview: masked(preview, &secrets),
        records: outcome.applied.into_iter().map(|a| a.record).collect(),
        notes,
    })
}

/// The values of hidden parameters the output files hold, as written (and unquoted):
/// never shown in a fix's diff, not even as context.
fn secret_values(resolved: &Resolved) -> Vec<String> {
    let mut values = Vec::new();
    for file in resolved.files.iter().filter(|f| !f.secrets.is_empty()) {
        let Some(id) = resolved.set.find(&file.path) else {
            continue;
        };
        let loaded = &resolved.set.files[id];
        let Some(root) = loaded.document.as_ref().map(|d| &d.root) else {
            continue;
        };
        for section in ["parameters", "parameter_defaults"] {
            for name in &file.secrets {
                let Some(value) = root.get(section).and_then(|s| s.get(name)) else {
                    continue;
                };
                let Some(raw) = loaded
                    .bytes
                    .get(value.span.start as usize..value.span.end as usize)
                else {
                    continue;
                };
                let raw = String::from_utf8_lossy(raw).into_owned();
                let bare = raw.trim_matches(|c| c == '"' || c == '\'').to_owned();
                values.extend([raw, bare].into_iter().filter(|v| !v.trim().is_empty()));
            }
        }
    }
    values
}

/// `preview` with every secret value replaced by `*`s.
fn masked(mut preview: crate::fix::Preview, secrets: &[String]) -> crate::fix::Preview {
    for line in preview
        .files
        .iter_mut()
        .flat_map(|f| &mut f.hunks)
        .flat_map(|h| &mut h.lines)
    {
        for secret in secrets {
            if line.text.contains(secret.as_str()) {
                line.text = line
                    .text
                    .replace(secret.as_str(), &"*".repeat(secret.len()));
            }
        }
    }
    preview
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

/// Resolves, packages and writes; then saves the answers when asked.
fn write(
    session: &Session,
    order: &WriteOrder,
    options: &Options<'_>,
) -> Result<WriteReport, String> {
    let (answers, problems) = answers(session, &order.draft);
    if let Some(problem) = problems.first() {
        return Err(problem.to_string());
    }
    let resolved = session.resolve(&answers).map_err(|refusal| {
        format!(
            "nothing was written: {}",
            refusal.to_string().replace('\n', "; ")
        )
    })?;
    let written = session
        .write_outputs(&resolved, &order.out, order.force, options)
        .map_err(|e| crate::error_chain(&e))?;
    let packages: Vec<String> = written
        .packages
        .iter()
        .map(|p| {
            let path = p.path.strip_prefix(&written.directory).unwrap_or(&p.path);
            path.display().to_string()
        })
        .collect();
    let answers_saved = match &order.save_to {
        Some(path) => Some(save(session, &order.draft, path)?),
        None => None,
    };
    let warnings = resolved
        .violations
        .iter()
        .filter(|v| v.severity() == Severity::Warning)
        .count();
    let summary = format!(
        "Onboarded {} into {}: {} files, 0 errors, {warnings} warning{}.",
        session.label(),
        written.directory.display(),
        written.files.len() + packages.len(),
        if warnings == 1 { "" } else { "s" }
    );
    Ok(WriteReport {
        directory: written.directory,
        files: written.files,
        packages,
        secret_files: written.secret_files,
        answers_saved,
        summary,
    })
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
            format!("{}: {e}", path.display())
        })?;
    Ok(path.to_path_buf())
}
