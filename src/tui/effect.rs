//! What `update` asks the outside world to do, and what comes back: effects run on worker
//! threads (the session's own thread for everything that decides), which answer with
//! messages over one channel.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::checked::{PlannedFix, Resolution};
use super::opened::Opened;
use super::scan::Scan;
use crate::answers::{Answers, FixRecord};
use crate::session::AnswerProblem;
use crate::source::InputKind;

/// The operator's answers so far: the decisions made by choosing (licences, option,
/// transport, package) and the texts typed into fields, by property key or parameter name.
/// The session types the texts by their declarations.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Draft {
    /// Licences, option, transport, package.
    pub answers: Answers,
    /// Field texts.
    pub values: BTreeMap<String, String>,
}

impl Draft {
    /// A draft from an answers file: its property and parameter values become field
    /// texts, the session types them again.
    pub fn from_answers(mut answers: Answers) -> Draft {
        let mut values = BTreeMap::new();
        for (key, node) in std::mem::take(&mut answers.properties)
            .into_iter()
            .chain(std::mem::take(&mut answers.parameters))
        {
            let text = crate::answers::scalar_text(&node)
                .unwrap_or_else(|| crate::yaml::write::flow_text(&node));
            values.insert(key, text);
        }
        Draft { answers, values }
    }
}

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

/// Fixes the review asks the session to plan on the output set, for a preview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixOrder {
    /// Every `safe` fix at once (`F`).
    SafeFixes,
    /// One fix that writes the operator's text: its record, the text included.
    Typed(FixRecord),
}

/// Work `update` hands to the runtime.
#[derive(Debug)]
pub enum Effect {
    /// List the inputs under a folder for the picker.
    Scan(PathBuf),
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
    /// Resolve, package and write the outputs.
    Write(WriteOrder),
    /// Save the answers (without secrets) to a file.
    SaveAnswers {
        /// The answers.
        draft: Draft,
        /// The file.
        path: PathBuf,
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
    /// The answers file saved besides, when one was asked for.
    pub answers_saved: Option<PathBuf>,
    /// One line: what was onboarded where, with the validation counts.
    pub summary: String,
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
    /// The resolved outputs and their validation, second result of an evaluation.
    Resolved {
        /// The evaluation it answers.
        generation: u64,
        /// The result.
        resolution: Arc<Resolution>,
    },
    /// A fix plan for the review's preview, or why there is none.
    FixPlanned {
        /// The evaluation it was asked in.
        generation: u64,
        /// The plan.
        plan: Result<PlannedFix, String>,
    },
    /// Bytes written so far into the packages (images stream).
    WriteProgress(Progress),
    /// Writing ended.
    Written(Result<WriteReport, String>),
    /// Saving the answers ended.
    Saved(Result<PathBuf, String>),
}

/// Why opening failed, as shown to the operator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenFailure {
    /// The reason, one line with its causes.
    pub reason: String,
    /// True when the operator cancelled.
    pub cancelled: bool,
}
