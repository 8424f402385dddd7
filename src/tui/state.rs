//! Everything the wizard shows, in one value: the step, each step's own state, the opened
//! source, the answers so far and the session's verdict on them, overlays and the terminal
//! size. `update` changes it; `view` draws it.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use super::effect::Draft;
use super::evaluated::Evaluated;
use super::opened::Opened;
use super::steps::{
    self, capabilities, integrity, licence, option, parameters, properties, review, source, write,
};
use super::widgets::TextScroll;
use crate::model::capabilities::Summary;
use crate::session::AnswerProblem;

/// The steps, in order (DESIGN.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StepId {
    /// Choose the package or templates.
    Source,
    /// Manifest and certificate.
    Integrity,
    /// EULAs.
    Licence,
    /// Deployment option.
    Option,
    /// OVF properties.
    Properties,
    /// Template capabilities.
    Capabilities,
    /// HOT parameters.
    Parameters,
    /// Validation panes and previews.
    Review,
    /// Output folder, package, writing.
    Write,
}

impl StepId {
    /// Every step in order.
    pub const ALL: [StepId; 9] = [
        StepId::Source,
        StepId::Integrity,
        StepId::Licence,
        StepId::Option,
        StepId::Properties,
        StepId::Capabilities,
        StepId::Parameters,
        StepId::Review,
        StepId::Write,
    ];

    /// The step's title.
    pub fn title(self) -> &'static str {
        match self {
            StepId::Source => "Source",
            StepId::Integrity => "Integrity",
            StepId::Licence => "Licence",
            StepId::Option => "Deployment option",
            StepId::Properties => "Properties",
            StepId::Capabilities => "Capabilities",
            StepId::Parameters => "Parameters",
            StepId::Review => "Review",
            StepId::Write => "Write",
        }
    }

    /// A short name for the step strip.
    pub fn short(self) -> &'static str {
        match self {
            StepId::Option => "Option",
            other => other.title(),
        }
    }

    /// The shortest name, for a narrow step strip.
    pub fn abbreviation(self) -> &'static str {
        match self {
            StepId::Source => "Src",
            StepId::Integrity => "Integ",
            StepId::Licence => "Lic",
            StepId::Option => "Opt",
            StepId::Properties => "Props",
            StepId::Capabilities => "Caps",
            StepId::Parameters => "Params",
            StepId::Review => "Rev",
            StepId::Write => "Write",
        }
    }

    /// 1-based position.
    pub fn number(self) -> usize {
        StepId::ALL.iter().position(|s| *s == self).unwrap_or(0) + 1
    }
}

/// Where a step stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepStatus {
    /// Not reachable yet (no source opened).
    Pending,
    /// Can be visited; something is still to decide or fix.
    Open,
    /// Decided.
    Done,
    /// Nothing to ask; the reason is shown.
    Skipped(&'static str),
}

/// How a visited step stands, for its mark in the step strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing to fix (✓).
    Valid,
    /// Nothing blocks, something deserves a look (▲).
    Warnings,
    /// Something must be fixed before writing (✗).
    Problems,
}

/// A window over the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// All keys.
    Help,
    /// Quit although answers would be lost?
    ConfirmQuit,
    /// Decline the licence (ending the wizard)?
    ConfirmDecline,
}

/// A one-line message in the footer until the next key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// Whether it reports a problem.
    pub problem: bool,
}

/// How the wizard ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The operator quit (`q`).
    Quit,
    /// The operator quit with Ctrl-C: the process ends as an interrupted one does (130).
    Interrupted,
    /// The operator declined a licence; nothing was written.
    Declined,
    /// The outputs were written; the summary line says where.
    Written(String),
}

/// The wizard's whole state.
pub struct State {
    /// The step shown.
    pub step: StepId,
    /// The steps shown since the source was opened.
    pub visited: BTreeSet<StepId>,
    /// Source picker.
    pub source: source::SourceState,
    /// Integrity check.
    pub integrity: integrity::IntegrityState,
    /// Licences.
    pub licence: licence::LicenceState,
    /// Deployment option.
    pub option: option::OptionState,
    /// OVF properties.
    pub properties: properties::PropertiesState,
    /// Template capabilities.
    pub capabilities: capabilities::CapabilitiesState,
    /// HOT parameters.
    pub parameters: parameters::ParametersState,
    /// Validation panes.
    pub review: review::ReviewState,
    /// The latest evaluation of the answers (`evaluation.rs`).
    pub evaluation: Option<Arc<Evaluated>>,
    /// The latest evaluation asked for.
    pub generation: u64,
    /// An evaluation is in flight whose result is not shown yet.
    pub evaluating: bool,
    /// Output settings and writing.
    pub write: write::WriteState,
    /// The opened source.
    pub opened: Option<Arc<Opened>>,
    /// What the operator decided so far, on the source open.
    pub draft: Draft,
    /// The source the starting answers (`--answers`) belong to, and those answers: the
    /// first source opened, or the path given with them. Opening it (again) starts from
    /// them; any other source starts fresh.
    pub preset: Option<(PathBuf, Draft)>,
    /// The session's problems with the draft, at the last evaluation.
    pub problems: Vec<AnswerProblem>,
    /// The subjects the session leaves for instantiation, at the last evaluation.
    pub left_open: Vec<String>,
    /// Answers changed since they were last saved or written.
    pub unsaved: bool,
    /// Where `--save-answers` asked to save the answers.
    pub save_to: Option<PathBuf>,
    /// Quit once the answers are saved (chosen in the quit question).
    pub quit_after_save: bool,
    /// The quit under way (asked, or waiting for a save) began with Ctrl-C.
    pub quit_interrupted: bool,
    /// A window over the step.
    pub overlay: Option<Overlay>,
    /// A message in the footer.
    pub notice: Option<Notice>,
    /// The last message shown, kept after the next key for the help, which gives it in
    /// full (the status line has one row).
    pub last_notice: Option<Notice>,
    /// Scroll position of the help overlay.
    pub help: TextScroll,
    /// Terminal columns and rows.
    pub size: (u16, u16),
    /// What a mouse click selects, as the last frame was drawn (`--mouse`).
    pub clicks: super::clicks::Clicks,
    /// Set when the wizard ends.
    pub exit: Option<Exit>,
}

/// The smallest terminal the wizard draws in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

impl State {
    /// A wizard starting at the picker over `root`, or opening `given` at once.
    pub fn new(root: PathBuf, given: Option<PathBuf>, size: (u16, u16)) -> State {
        State {
            step: StepId::Source,
            visited: BTreeSet::new(),
            source: source::SourceState::new(root, given),
            integrity: integrity::IntegrityState::default(),
            licence: licence::LicenceState::default(),
            option: option::OptionState::default(),
            properties: properties::PropertiesState::default(),
            capabilities: capabilities::CapabilitiesState::default(),
            parameters: parameters::ParametersState::default(),
            review: review::ReviewState::default(),
            evaluation: None,
            generation: 0,
            evaluating: false,
            write: write::WriteState::default(),
            opened: None,
            draft: Draft::default(),
            preset: None,
            problems: Vec::new(),
            left_open: Vec::new(),
            unsaved: false,
            save_to: None,
            quit_after_save: false,
            quit_interrupted: false,
            overlay: None,
            notice: None,
            last_notice: None,
            help: TextScroll::default(),
            size,
            clicks: super::clicks::Clicks::default(),
            exit: None,
        }
    }

    /// Whether the terminal is too small to draw the wizard.
    pub fn too_small(&self) -> bool {
        self.size.0 < MIN_SIZE.0 || self.size.1 < MIN_SIZE.1
    }

    /// The session's problem with the answer it calls `subject` (`property vfw.site.name`,
    /// `parameter image_name`), if any.
    pub fn problem(&self, subject: &str) -> Option<&AnswerProblem> {
        self.problems.iter().find(|p| {
            p.subject == subject
                || p.subject
                    .strip_prefix(subject)
                    .is_some_and(|rest| rest.starts_with(" of "))
        })
    }

    /// What the source lets the operator choose among implementations, as the latest
    /// evaluation left it (as opened before the first); none without a choice.
    pub fn capabilities(&self) -> Option<&Summary> {
        match self.evaluated() {
            Some(evaluated) => evaluated.capabilities.as_ref(),
            None => self.opened.as_ref()?.questions.capabilities.as_ref(),
        }
    }

    /// Where a step stands now.
    pub fn status(&self, id: StepId) -> StepStatus {
        let step = steps::of(id);
        let Some(opened) = &self.opened else {
            return if step.before_open(self) {
                StepStatus::Open
            } else {
                StepStatus::Pending
            };
        };
        if let Some(why) = step.skipped(self, opened) {
            StepStatus::Skipped(why)
        } else if step.done(self) {
            StepStatus::Done
        } else {
            StepStatus::Open
        }
    }

    /// How a visited step stands (none for a step not visited yet): the strip marks ✓
    /// only what was seen and is valid.
    pub fn verdict(&self, step: StepId) -> Option<Verdict> {
        if !self.visited.contains(&step) {
            return None;
        }
        steps::of(step).verdict(self)
    }

    /// Whether a step can be shown (not pending, not skipped).
    pub fn visitable(&self, step: StepId) -> bool {
        matches!(self.status(step), StepStatus::Open | StepStatus::Done)
    }

    /// The next step that can be shown after the current one.
    pub fn next_step(&self) -> Option<StepId> {
        StepId::ALL
            .into_iter()
            .filter(|s| *s > self.step)
            .find(|s| self.visitable(*s))
    }

    /// The step before the current one that can be shown.
    pub fn previous_step(&self) -> Option<StepId> {
        StepId::ALL
            .into_iter()
            .rev()
            .filter(|s| *s < self.step)
            .find(|s| self.visitable(*s))
    }

    /// Shows a message in the footer.
    pub fn tell(&mut self, text: impl Into<String>) {
        self.say(text.into(), false);
    }

    /// Shows a problem in the footer.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.say(text.into(), true);
    }

    fn say(&mut self, text: String, problem: bool) {
        let notice = Notice { text, problem };
        self.last_notice = Some(notice.clone());
        self.notice = Some(notice);
    }

    /// Goes to the next step that can be shown, if any.
    pub fn go_next(&mut self) {
        if let Some(step) = self.next_step() {
            self.step = step;
        }
    }

    /// Goes to the previous step that can be shown, if any.
    pub fn go_back(&mut self) {
        if let Some(step) = self.previous_step() {
            self.step = step;
        }
    }

    /// The keys the step shown takes before the common ones (the review's `n` and `y`),
    /// unless a question or the help is open over it.
    pub fn key_layer(&self) -> &'static [super::keymap::Binding] {
        if self.overlay.is_some() || self.too_small() {
            return &[];
        }
        steps::of(self.step).key_layer(self)
    }

    /// Whether a text field has focus (so letters type into it).
    pub fn text_focused(&self) -> bool {
        if self.overlay.is_some() || self.too_small() {
            return false;
        }
        steps::of(self.step).text_focused(self)
    }
}
