//! Runs effects off the input path: scanning, opening (with hashing progress and
//! cancellation) and validation on their own threads, each reporting over one channel.
//! Validation runs one at a time on a long-lived thread that always takes the newest
//! request, so typing never waits for it and stale runs are skipped.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::checked::check;
use super::effect::{Effect, Message, OpenFailure, Progress};
use super::loaded::{Loaded, is_cancelled, kind_of, open};
use super::scan::scan;
use crate::integrity::Options;
use crate::limits::Limits;

/// The shortest time between two progress messages (the gauge redraws at most this often).
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Where workers send their messages: the wizard's event channel, through a conversion.
pub type Outbox<T> = Sender<T>;

/// Starts workers for effects.
pub struct Runtime<T: From<Message> + Send + 'static> {
    outbox: Outbox<T>,
    limits: Limits,
    /// Cancels the open in progress.
    cancel: Arc<AtomicBool>,
    /// Requests to the validation thread.
    checks: Sender<(u64, Arc<Loaded>)>,
}

impl<T: From<Message> + Send + 'static> Runtime<T> {
    /// A runtime sending to `outbox`, reading inputs within `limits`.
    pub fn new(outbox: Outbox<T>, limits: Limits) -> Runtime<T> {
        let (checks, requests) = channel();
        let validator = outbox.clone();
        thread::spawn(move || validate_newest(&requests, &validator));
        Runtime {
            outbox,
            limits,
            cancel: Arc::new(AtomicBool::new(false)),
            checks,
        }
    }

    /// Starts the work an effect asks for.
    pub fn run(&mut self, effect: Effect) {
        match effect {
            Effect::Scan(root) => {
                let outbox = self.outbox.clone();
                thread::spawn(move || {
                    let _ = outbox.send(Message::Scanned(scan(&root)).into());
                });
            }
            Effect::Open(path) => {
                self.cancel = Arc::new(AtomicBool::new(false));
                let (outbox, cancel, limits) =
                    (self.outbox.clone(), self.cancel.clone(), self.limits);
                thread::spawn(move || open_and_report(&path, &limits, &cancel, &outbox));
            }
            Effect::CancelOpen => self.cancel.store(true, Ordering::Relaxed),
            Effect::Check { generation, loaded } => {
                let _ = self.checks.send((generation, loaded));
            }
        }
    }
}

/// Opens a source, sending its kind, throttled progress and the result.
fn open_and_report<T: From<Message> + Send>(
    path: &Path,
    limits: &Limits,
    cancel: &AtomicBool,
    outbox: &Outbox<T>,
) {
    let send = |message: Message| {
        let _ = outbox.send(message.into());
    };
    match kind_of(path) {
        Ok((_, kind)) => send(Message::Opening(kind)),
        Err(error) => {
            send(Message::Opened(Err(OpenFailure {
                reason: crate::error_chain(&error),
                cancelled: false,
            })));
            return;
        }
    }
    let started = Instant::now();
    let last = Mutex::new(None::<Instant>);
    let progress = |done: u64, total: u64| {
        let Ok(mut last) = last.lock() else {
            return;
        };
        let due = last.is_none_or(|at| at.elapsed() >= PROGRESS_INTERVAL);
        if due || done == total {
            *last = Some(Instant::now());
            send(Message::Progress(Progress {
                done,
                total,
                elapsed: started.elapsed(),
            }));
        }
    };
    let options = Options::new(limits)
        .with_progress(&progress)
        .with_cancel(cancel);
    let result = open(path, &options)
        .map(Arc::new)
        .map_err(|error| OpenFailure {
            reason: crate::error_chain(&error),
            cancelled: is_cancelled(&error),
        });
    send(Message::Opened(result));
}

/// Runs validation requests one at a time, always the newest waiting.
fn validate_newest<T: From<Message>>(requests: &Receiver<(u64, Arc<Loaded>)>, outbox: &Outbox<T>) {
    while let Ok(mut request) = requests.recv() {
        while let Ok(newer) = requests.try_recv() {
            request = newer;
        }
        let (generation, loaded) = request;
        let checked = Arc::new(check(&loaded));
        if outbox
            .send(
                Message::Checked {
                    generation,
                    checked,
                }
                .into(),
            )
            .is_err()
        {
            return;
        }
    }
}
