//! What `update` asks the outside world to do, and what comes back: effects run on worker
//! threads (the session's own thread for everything that decides), which answer with
//! messages over one channel.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::evaluated::{Evaluated, PlannedFix};
use super::opened::Opened;
use super::scan::Scan;
use crate::input::source::InputKind;
pub use crate::output::report::handover::Handed;
use crate::session::{AnswerProblem, SourceFixes};

pub use crate::session::Draft;

/// Where and how to write.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteOrder {
    /// The answers.
    pub draft: Draft,
    /// The output folder.
    pub out: PathBuf,
    /// Replace a non-empty folder's content.
    pub force: bool,
    /// Also save the answers (without secrets) here.
    pub save_to: Option<PathBuf>,
}

pub use crate::session::FixOrder;

/// Work `update` hands to the runtime.
#[derive(Debug)]
pub enum Effect {
    /// List the recent sources and the inputs under a folder for the picker.
    Scan(PathBuf),
    /// A path typed in the picker: list it when it is a folder, else open it.
    Locate(PathBuf),
    /// Put an opened source first in the picker's history.
    Remember(PathBuf),
    /// Look at the output folder: missing, empty or holding files.
    Probe {
        /// The output folder.
        out: PathBuf,
        /// The source, which the output may not replace.
        input: PathBuf,
    },
    /// Open a source in a new session (hashing an OVF package's files).
    Open(PathBuf),
    /// Stop the running open at its next block.
    CancelOpen,
    /// Check and resolve the answers; the answers carry `generation` so stale runs are
    /// ignored.
    Evaluate {
        /// Which run this is.
        generation: u64,
        /// The answers.
        draft: Draft,
    },
    /// Plan fixes on the output set these answers resolve to, for a preview.
    PlanFix {
        /// The evaluation the plan belongs to: a newer one makes it stale.
        generation: u64,
        /// The answers.
        draft: Draft,
        /// Which fixes.
        order: FixOrder,
    },
    /// Work out which source files the answers' applied fixes change (`W`).
    PlanWriteBack(Draft),
    /// Write those fixes into the source files, as planned and confirmed.
    WriteBack(SourceFixes),
    /// Resolve, package and write the outputs.
    Write(WriteOrder),
    /// Save the answers (without secrets) to a file.
    SaveAnswers {
        /// The answers.
        draft: Draft,
        /// The file.
        path: PathBuf,
    },
    /// Write the HTML report of the findings these answers leave beside this output
    /// folder (`r` in the review).
    Report {
        /// The answers.
        draft: Draft,
        /// The output folder (the report goes beside it).
        out: PathBuf,
    },
    /// Read the source again if its files changed.
    Reread,
    /// Work for the terminal's owner (the loop), not for a worker.
    Terminal(TerminalWork),
}

/// Work only the owner of the terminal can do, between two frames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerminalWork {
    /// Open a file at a line in the operator's editor, the wizard suspended meanwhile.
    Edit {
        /// The file.
        path: PathBuf,
        /// The line to start at.
        line: u32,
    },
    /// Put this text on the terminal's clipboard (OSC 52).
    Copy(String),
}

/// The source read again, as asked or because its files changed.
#[derive(Debug)]
pub enum Reread {
    /// Asked for, but no file changed.
    Unchanged,
    /// The source as it is now.
    Opened(Arc<Opened>),
    /// It cannot be read as it is now; the previous reading stays. The reason.
    Failed(String),
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

/// What the output folder holds, as the write step says before writing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutFolder {
    /// Nothing there yet, or an empty folder: writing creates it.
    Free,
    /// A folder with this many entries: replaced only when the operator allows it.
    Holds(usize),
    /// A folder with this many entries that may not be replaced (it holds the input, it
    /// is the home folder…): the reason.
    Kept(usize, String),
    /// Something that is not a folder, or cannot be read (the reason).
    Unusable(String),
}

/// What was written, as the write step reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteReport {
    /// The output folder.
    pub directory: PathBuf,
    /// The files written, relative to it.
    pub files: Vec<String>,
    /// The packages, relative to it (each validated before it was moved into place).
    pub packages: Vec<String>,
    /// The files holding secrets (written with mode 0600).
    pub secret_files: Vec<String>,
    /// The answers file saved besides, when one was asked for and saved.
    pub answers_saved: Option<PathBuf>,
    /// The answers file asked for and not saved, with the reason: the outputs are written
    /// all the same.
    pub answers_failed: Option<(PathBuf, String)>,
    /// One line: what was onboarded where, with the validation counts.
    pub summary: String,
}

/// What a worker reports.
#[derive(Debug)]
pub enum Message {
    /// The picker's list.
    Scanned(Scan),
    /// A typed path names this file (to open), or why it cannot be used.
    Located(Result<PathBuf, String>),
    /// What the output folder holds now.
    Probed(PathBuf, OutFolder),
    /// The source being opened is of this kind (hashing follows for OVF packages).
    Opening(InputKind),
    /// Hashing progress.
    Progress(Progress),
    /// A source opened, or why it did not.
    Opened(Result<Arc<Opened>, OpenFailure>),
    /// The answers' problems (field by field), first result of an evaluation.
    Problems {
        /// The evaluation it answers.
        generation: u64,
        /// Every problem, empty when the answers can be resolved.
        problems: Vec<AnswerProblem>,
        /// The subjects the session leaves for instantiation (▲ in the form).
        left_open: Vec<String>,
    },
    /// The session's evaluation, second result of an evaluation.
    Evaluated {
        /// The evaluation it answers.
        generation: u64,
        /// The result.
        evaluated: Arc<Evaluated>,
    },
    /// A fix plan for the review's preview, or why there is none.
    FixPlanned {
        /// The evaluation it was asked in.
        generation: u64,
        /// The plan.
        plan: Result<PlannedFix, String>,
    },
    /// Which source files the applied fixes change, or why none.
    WriteBackPlanned(Result<SourceFixes, String>),
    /// Writing the fixes back ended: one line saying what was written and left alone,
    /// whether every file was written (the source then holds the fixes, and their records
    /// leave the answers), and the source read again.
    WroteBack {
        /// What was written and left alone.
        summary: String,
        /// Every changed file was written.
        settled: bool,
        /// The source as it is now.
        reread: Reread,
    },
    /// Bytes written so far into the packages (images stream).
    WriteProgress(Progress),
    /// Writing ended.
    Written(Result<WriteReport, String>),
    /// Saving the answers ended.
    Saved(Result<PathBuf, String>),
    /// Writing the HTML report ended: where it is and what it holds, or why it is not.
    Reported(Result<Handed, String>),
    /// The source was read again.
    Reread(Reread),
    /// The operator's editor ended (the loop reports it); the reason when it failed.
    Edited(Result<(), String>),
}

/// Why opening failed, as shown to the operator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenFailure {
    /// The reason, one line with its causes.
    pub reason: String,
    /// True when the operator cancelled.
    pub cancelled: bool,
}
