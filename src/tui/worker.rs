//! Runs effects off the input path: the picker's scan on a thread of its own, and every
//! session request (opening with hashing progress and cancellation, evaluating answers,
//! planning fixes, writing) on the session's thread, each reporting over one channel.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::effect::{Effect, Message};
use super::scan::scan;
use super::session_thread::{Request, run as serve};
use crate::limits::Limits;

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
        }
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
                let (requests, inbox) = channel();
                self.session = Some(requests);
                self.thread = Some(thread::spawn(move || {
                    serve(&path, &limits, &cancel, &outbox, &inbox)
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
        }
    }

    fn ask(&self, request: Request) {
        if let Some(session) = &self.session {
            // A session that failed to open has ended; its answer was the failure.
            let _ = session.send(request);
        }
    }
}
