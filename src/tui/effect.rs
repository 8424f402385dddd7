//! What `update` asks the outside world to do, and what comes back: effects run on worker
//! threads, which answer with messages over one channel.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::checked::Checked;
use super::loaded::Loaded;
use super::scan::Scan;
use crate::source::InputKind;

/// Work `update` hands to the runtime.
#[derive(Debug)]
pub enum Effect {
    /// List the inputs under a folder for the picker.
    Scan(PathBuf),
    /// Open a source (hashing an OVF package's files).
    Open(PathBuf),
    /// Stop the running open at its next block.
    CancelOpen,
    /// Validate a loaded source; the answer carries `generation` so stale runs are ignored.
    Check {
        /// Which run this is.
        generation: u64,
        /// What to validate.
        loaded: Arc<Loaded>,
    },
}

/// Bytes hashed so far while a source opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Bytes done.
    pub done: u64,
    /// Bytes in total.
    pub total: u64,
    /// Time since the open started.
    pub elapsed: Duration,
}

/// What a worker reports.
#[derive(Debug)]
pub enum Message {
    /// The picker's list.
    Scanned(Scan),
    /// The source being opened is of this kind (hashing follows for OVF packages).
    Opening(InputKind),
    /// Hashing progress.
    Progress(Progress),
    /// A source opened, or why it did not (the error's text, causes included).
    Opened(Result<Arc<Loaded>, OpenFailure>),
    /// A validation run finished.
    Checked {
        /// The run it answers.
        generation: u64,
        /// Its result.
        checked: Arc<Checked>,
    },
}

/// Why opening failed, as shown to the operator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenFailure {
    /// The reason, one line with its causes.
    pub reason: String,
    /// True when the operator cancelled.
    pub cancelled: bool,
}
