//! How a run reads its input: the limits, where progress goes, how it is cancelled and the
//! time certificates are judged at. Loaders, checks and writers all take these.

use std::sync::atomic::AtomicBool;
use std::time::SystemTime;

use crate::foundation::limits::Limits;

/// Receives `(bytes done, bytes in total)` as files are hashed; may be called from several
/// threads. The wizard feeds a gauge from it; headless commands draw a terminal bar.
pub trait Progress: Sync {
    /// `done` only grows and reaches `total` when the run completes.
    fn update(&self, done: u64, total: u64);

    /// A new run starts on `label` (the package being read); a bar shows it as its title.
    fn begin(&self, _label: &str) {}
}

impl<F: Fn(u64, u64) + Sync> Progress for F {
    fn update(&self, done: u64, total: u64) {
        self(done, total)
    }
}

/// Progress that goes nowhere.
struct Silent;

impl Progress for Silent {
    fn update(&self, _: u64, _: u64) {}
}

static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);

/// How a run reads its input: its limits, where progress goes, how it is cancelled and the
/// time certificates are judged at.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    /// Bounds on what is read.
    pub limits: &'a Limits,
    /// Receives progress.
    pub progress: &'a dyn Progress,
    /// Set to `true` (from any thread) to stop at the next block with a cancelled error.
    pub cancel: &'a AtomicBool,
    /// The time certificate validity is checked against.
    pub now: SystemTime,
}

impl<'a> Options<'a> {
    /// Silent, never cancelled, judged at the current time.
    pub fn new(limits: &'a Limits) -> Options<'a> {
        Options {
            limits,
            progress: &Silent,
            cancel: &NEVER_CANCELLED,
            now: SystemTime::now(),
        }
    }

    /// The same options reporting progress to `progress`.
    pub fn with_progress(self, progress: &'a dyn Progress) -> Options<'a> {
        Options { progress, ..self }
    }

    /// The same options, cancelled when `cancel` becomes true.
    pub fn with_cancel(self, cancel: &'a AtomicBool) -> Options<'a> {
        Options { cancel, ..self }
    }

    /// The same options judging certificates at `now`.
    pub fn at(self, now: SystemTime) -> Options<'a> {
        Options { now, ..self }
    }
}
