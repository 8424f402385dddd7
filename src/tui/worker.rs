//! Runs effects off the input path: the picker's scan, a typed path's look-up, the
//! history and the output folder's probe on threads of their own, and every session
//! request (opening with hashing progress and cancellation, evaluating answers, planning
//! fixes, writing) on the session's thread, each reporting over one channel.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use std::path::{Path, PathBuf};

use super::effect::{Effect, Message, OutFolder, TerminalWork};
use super::history;
use super::scan::scan;
use super::session_thread::{Request, Source, run as serve};
use crate::check::config::Lookup;
use crate::foundation::limits::Limits;

/// Starts workers for effects.
pub struct Runtime<T: From<Message> + Send + 'static> {
    outbox: Sender<T>,
    limits: Limits,
    /// Cancels the open or the write in progress.
    cancel: Arc<AtomicBool>,
    /// Requests to the current session's thread (dropping it ends that thread).
    session: Option<Sender<Request>>,
    /// The current session's thread.
    thread: Option<JoinHandle<()>>,
    /// The file of recently opened sources (none: no history kept).
    history: Option<PathBuf>,
    /// Where an opened source's project config comes from.
    config: Lookup,
}

impl<T: From<Message> + Send + 'static> Runtime<T> {
    /// A runtime sending to `outbox`, reading inputs within `limits`.
    pub fn new(outbox: Sender<T>, limits: Limits) -> Runtime<T> {
        Runtime {
            outbox,
            limits,
            cancel: Arc::new(AtomicBool::new(false)),
            session: None,
            thread: None,
            history: None,
            config: Lookup::Nearest,
        }
    }

    /// Finds each opened source's project config as `lookup` says.
    pub fn with_config(mut self, lookup: Lookup) -> Runtime<T> {
        self.config = lookup;
        self
    }

    /// Keeps the history of opened sources in `file`.
    pub fn with_history(mut self, file: Option<PathBuf>) -> Runtime<T> {
        self.history = file;
        self
    }

    /// Ends the session's thread before the wizard ends: an open or a write under way is
    /// cancelled (a write removes what it staged, leaving the output folder as it was), and
    /// the thread is waited for, `within` at most.
    pub fn finish(mut self, within: Duration) {
        self.cancel.store(true, Ordering::Relaxed);
        self.session = None;
        let Some(thread) = self.thread.take() else {
            return;
        };
        let deadline = Instant::now() + within;
        while !thread.is_finished() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Starts the work an effect asks for; hands back the work only the terminal's owner
    /// can do.
    pub fn run(&mut self, effect: Effect) -> Option<TerminalWork> {
        match effect {
            Effect::Scan(root) => {
                let (outbox, history) = (self.outbox.clone(), self.history.clone());
                thread::spawn(move || {
                    let recent = history.as_deref().map(history::read).unwrap_or_default();
                    let _ = outbox.send(Message::Scanned(scan(&root, &recent)).into());
                });
            }
            Effect::Locate(path) => {
                let (outbox, history) = (self.outbox.clone(), self.history.clone());
                thread::spawn(move || {
                    let path = home_expanded(path);
                    let message = match std::fs::metadata(&path) {
                        Ok(meta) if meta.is_dir() => {
                            let recent = history.as_deref().map(history::read).unwrap_or_default();
                            Message::Scanned(scan(&path, &recent))
                        }
                        Ok(_) => Message::Located(Ok(path)),
                        Err(error) => Message::Located(Err(format!("{}: {error}", path.display()))),
                    };
                    let _ = outbox.send(message.into());
                });
            }
            Effect::Remember(path) => {
                if let Some(file) = self.history.clone() {
                    // The history is a convenience: failing to keep it is no error.
                    thread::spawn(move || {
                        let _ = history::remember(&file, &path);
                    });
                }
            }
            Effect::Probe { out, input } => {
                let outbox = self.outbox.clone();
                thread::spawn(move || {
                    let folder = probe(&out, &input);
                    let _ = outbox.send(Message::Probed(out, folder).into());
                });
            }
            Effect::Open(path) => {
                self.cancel = Arc::new(AtomicBool::new(false));
                let (outbox, cancel, limits, config) = (
                    self.outbox.clone(),
                    self.cancel.clone(),
                    self.limits,
                    self.config.clone(),
                );
                let (requests, inbox) = channel();
                self.session = Some(requests);
                self.thread = Some(thread::spawn(move || {
                    let source = Source {
                        path: &path,
                        limits: &limits,
                        config: &config,
                        cancel: &cancel,
                        outbox: &outbox,
                    };
                    serve(&source, &inbox)
                }));
            }
            Effect::CancelOpen => self.cancel.store(true, Ordering::Relaxed),
            Effect::Evaluate { generation, draft } => {
                self.ask(Request::Evaluate(generation, draft))
            }
            Effect::PlanFix {
                generation,
                draft,
                order,
            } => self.ask(Request::Plan(generation, draft, order)),
            Effect::PlanWriteBack(draft) => self.ask(Request::PlanWriteBack(draft)),
            Effect::WriteBack(plan) => self.ask(Request::WriteBack(plan)),
            Effect::Write(order) => self.ask(Request::Write(order)),
            Effect::SaveAnswers { draft, path } => self.ask(Request::Save(draft, path)),
            Effect::Report { draft, out } => self.ask(Request::Report(draft, out)),
            Effect::Reread => self.ask(Request::Reread),
            Effect::Terminal(work) => return Some(work),
        }
        None
    }

    /// Sends a request to the session's thread.
    fn ask(&self, request: Request) {
        if let Some(session) = &self.session {
            // A session that failed to open has ended; its answer was the failure.
            let _ = session.send(request);
        }
    }
}

/// What the output folder holds and whether a write there can succeed, as the session's
/// write will judge it: the folder takes files, and one holding entries may be replaced
/// (it does not hold `input`, it is not the home folder…).
fn probe(path: &Path, input: &Path) -> OutFolder {
    use crate::session::{Target, replaceable, target, writable};
    let found = match target(path) {
        Ok(found) => found,
        Err(error) => return OutFolder::Unusable(error.to_string()),
    };
    if let Err(error) = writable(path) {
        return OutFolder::Unusable(format!("nothing can be written there: {error}"));
    }
    match found {
        Target::Absent | Target::Empty => OutFolder::Free,
        Target::Holds(count) => match replaceable(path, input) {
            Ok(()) => OutFolder::Holds(count),
            Err(error) => OutFolder::Kept(count, error.to_string()),
        },
    }
}

/// `~` and `~/…` with the home folder.
fn home_expanded(path: PathBuf) -> PathBuf {
    let Ok(rest) = path.strip_prefix("~") else {
        return path;
    };
    match std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        Some(home) => Path::new(&home).join(rest),
        None => path,
    }
}
