//! The checker's own thread: it takes the open documents as they stand after typing pauses
//! (edits coming within the debounce are taken as one), checks each input they touch with
//! `validate`'s own function through the overlay of those documents, publishes every file's
//! diagnostics (clearing those of files that have none left) and hands the checked inputs
//! back to the input thread, which answers hovers and the rest from them. The documents it
//! parsed are kept for the next check, so an edit costs the parse of the edited file only.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use lsp_server::{Message, Notification};
use lsp_types::notification::{LogMessage, Notification as _, PublishDiagnostics};
use lsp_types::{Diagnostic, LogMessageParams, MessageType, PublishDiagnosticsParams};

use super::diagnostics;
use super::documents::uri_of;
use super::inputs::root_of;
use super::settings::Settings;
use crate::check::validation::validate_waiving;
use crate::check::waivers::Day;
use crate::foundation::diagnostics::{Options, Report};
use crate::input::integrity::IntegrityError;
use crate::input::source::Overlay;
use crate::input::yaml::Memo;
use crate::model::open::InputError;

/// What to check: the open documents' texts and versions, the inputs, and what changed.
pub struct Job {
    /// The open documents, read instead of the files on disk.
    pub overlay: Overlay,
    /// Each open document's version.
    pub versions: BTreeMap<PathBuf, i32>,
    /// Every input (`inputs::plan`).
    pub inputs: Vec<PathBuf>,
    /// The files changed since the last job (edited, saved, closed, changed on disk);
    /// `None` checks every input again.
    pub changed: Option<Vec<PathBuf>>,
}

impl Job {
    /// This job followed by `later` (debounced into one): the later texts, what both changed.
    fn then(self, later: Job) -> Job {
        let changed = match (self.changed, later.changed) {
            (Some(mut earlier), Some(later)) => {
                earlier.extend(later);
                Some(earlier)
            }
            _ => None,
        };
        Job { changed, ..later }
    }
}

/// One input as checked: `validate`'s report, or why it could not be read.
pub struct CheckedInput {
    /// The report of that one input (the set it loaded is reachable through it).
    pub report: Result<Report, String>,
}

/// Every input as last checked, with the document versions the check read.
pub struct Snapshot {
    /// The inputs, in plan order.
    pub inputs: Vec<Arc<CheckedInput>>,
    /// The versions of the open documents checked.
    pub versions: BTreeMap<PathBuf, i32>,
}

/// The checker thread and how to reach it.
pub struct Checker {
    jobs: Sender<Job>,
    /// Set when a newer job arrives: an OVF package's hashing stops at its next block.
    cancel: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Checker {
    /// Starts the thread: diagnostics and log lines go to `client`, snapshots to `snapshots`.
    pub fn start(
        settings: Settings,
        rule_docs: Option<String>,
        client: Sender<Message>,
        snapshots: Sender<Arc<Snapshot>>,
    ) -> Checker {
        let (jobs, receiver) = crossbeam_channel::unbounded();
        let cancel = Arc::new(AtomicBool::new(false));
        let state = State {
            memo: Arc::new(Memo::new(settings.limits.yaml)),
            settings,
            rule_docs,
            client,
            snapshots,
            cancel: Arc::clone(&cancel),
            checked: HashMap::new(),
            published: BTreeSet::new(),
            reported: HashMap::new(),
        };
        let thread = std::thread::Builder::new()
            .name("vnfwiz-lsp-check".to_owned())
            .spawn(move || state.run(&receiver))
            .expect("the checker thread starts");
        Checker {
            jobs,
            cancel,
            thread,
        }
    }

    /// Queues a job; a check under way is asked to stop early.
    pub fn submit(&self, job: Job) {
        self.cancel.store(true, Ordering::Relaxed);
        let _ = self.jobs.send(job);
    }

    /// Ends the thread after the check under way.
    pub fn stop(self) {
        self.cancel.store(true, Ordering::Relaxed);
        drop(self.jobs);
        let _ = self.thread.join();
    }
}

struct State {
    settings: Settings,
    rule_docs: Option<String>,
    client: Sender<Message>,
    snapshots: Sender<Arc<Snapshot>>,
    cancel: Arc<AtomicBool>,
    /// The last check of each input.
    checked: HashMap<PathBuf, Arc<CheckedInput>>,
    /// Files that have diagnostics in the editor.
    published: BTreeSet<PathBuf>,
    /// The error last logged for each input that could not be read, so it is said once.
    reported: HashMap<PathBuf, String>,
    /// The documents parsed by the last checks, reused for texts that did not change.
    memo: Arc<Memo>,
}

impl State {
    fn run(mut self, jobs: &Receiver<Job>) {
        let mut dirty: BTreeSet<PathBuf> = BTreeSet::new();
        while let Ok(mut job) = jobs.recv() {
            loop {
                match jobs.recv_timeout(self.settings.debounce) {
                    Ok(later) => job = job.then(later),
                    Err(RecvTimeoutError::Timeout) => break,
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
            self.checked.retain(|input, _| job.inputs.contains(input));
            for input in &job.inputs {
                let touched = match &job.changed {
                    None => true,
                    Some(changed) => {
                        let root = root_of(input);
                        changed.iter().any(|path| path.starts_with(root))
                    }
                };
                if touched || !self.checked.contains_key(input) {
                    dirty.insert(input.clone());
                }
            }
            self.cancel.store(false, Ordering::Relaxed);
            let overlay = job.overlay.clone().with_memo(Arc::clone(&self.memo));
            let due: Vec<PathBuf> = job
                .inputs
                .iter()
                .filter(|input| dirty.contains(*input))
                .cloned()
                .collect();
            let mut finished = true;
            for input in &due {
                match self.check(input, &overlay) {
                    Some(checked) => {
                        dirty.remove(input);
                        self.checked.insert(input.clone(), Arc::new(checked));
                    }
                    // Cancelled by a newer job, which checks it again.
                    None => {
                        finished = false;
                        break;
                    }
                }
            }
            // The memo keeps what this job's checks read; older texts' documents go.
            if finished {
                self.memo.sweep();
            }
            // A newer job is waiting: what was found is already out of date.
            if !jobs.is_empty() {
                continue;
            }
            let snapshot = Snapshot {
                inputs: job
                    .inputs
                    .iter()
                    .filter_map(|input| self.checked.get(input).cloned())
                    .collect(),
                versions: job.versions,
            };
            self.publish(&snapshot);
            if self.snapshots.send(Arc::new(snapshot)).is_err() {
                return;
            }
        }
    }

    /// Checks one input as `validate` does, through the overlay; `None` when a newer job
    /// cancelled it.
    fn check(&mut self, input: &Path, overlay: &Overlay) -> Option<CheckedInput> {
        let started = Instant::now();
        let counted = self.memo.counts();
        let settings = &self.settings;
        let options = Options::new(&settings.limits).with_cancel(&self.cancel);
        let report = validate_waiving(
            &[input.to_path_buf()],
            &options,
            &settings.selection,
            settings.stage,
            &settings.waivers,
            Day::today(),
            overlay,
        );
        let elapsed = started.elapsed();
        let report = match report {
            Err(InputError::Integrity(IntegrityError::Cancelled)) => return None,
            Err(error) => {
                let message = crate::error_chain(&error);
                if self.reported.get(input) != Some(&message) {
                    self.log(MessageType::WARNING, format!("not checked: {message}"));
                    self.reported.insert(input.to_path_buf(), message.clone());
                }
                Err(message)
            }
            Ok(report) => {
                self.reported.remove(input);
                let found = report.violations().count();
                let counts = self.memo.counts();
                self.log(
                    MessageType::LOG,
                    format!(
                        "checked {} in {:.1} ms: {found} findings; files parsed: {}, unchanged: {}",
                        input.display(),
                        elapsed.as_secs_f64() * 1000.0,
                        counts.parsed - counted.parsed,
                        counts.reused - counted.reused
                    ),
                );
                Ok(report)
            }
        };
        Some(CheckedInput { report })
    }

    /// Publishes every file's diagnostics, and empty lists for files that had some before.
    fn publish(&mut self, snapshot: &Snapshot) {
        let mut all: BTreeMap<PathBuf, Vec<Diagnostic>> = BTreeMap::new();
        for checked in &snapshot.inputs {
            let Ok(report) = &checked.report else {
                continue;
            };
            for input in &report.inputs {
                for (path, found) in diagnostics::of_input(input, self.rule_docs.as_deref()) {
                    all.entry(path).or_default().extend(found);
                }
            }
        }
        let cleared: Vec<PathBuf> = self
            .published
            .iter()
            .filter(|path| !all.contains_key(*path))
            .cloned()
            .collect();
        for path in cleared {
            self.send_diagnostics(&path, Vec::new(), &snapshot.versions);
        }
        self.published = all.keys().cloned().collect();
        for (path, found) in all {
            self.send_diagnostics(&path, found, &snapshot.versions);
        }
    }

    fn send_diagnostics(
        &self,
        path: &Path,
        diagnostics: Vec<Diagnostic>,
        versions: &BTreeMap<PathBuf, i32>,
    ) {
        let Some(uri) = uri_of(path) else {
            return;
        };
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: versions.get(path).copied(),
        };
        let _ = self.client.send(Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.to_owned(),
            params,
        )));
    }

    fn log(&self, typ: MessageType, message: String) {
        let _ = self.client.send(Message::Notification(Notification::new(
            LogMessage::METHOD.to_owned(),
            LogMessageParams { typ, message },
        )));
    }
}
