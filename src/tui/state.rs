//! Everything the wizard shows, in one value: the step, each step's own state, the opened
//! source, the answers, overlays and the terminal size. `update` changes it; `view` draws it.

use std::path::PathBuf;
use std::sync::Arc;

use crate::answers::Answers;

use super::loaded::{Loaded, has_integrity};
use super::steps::{integrity, licence, option, review, source};
use super::widgets::TextScroll;

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
    /// Can be visited; nothing decided yet.
    Open,
    /// Decided.
    Done,
    /// Nothing to ask; the reason is shown.
    Skipped(&'static str),
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
    /// The operator quit.
    Quit,
    /// The operator declined a licence; nothing was written.
    Declined,
}

/// The wizard's whole state.
pub struct State {
    /// The step shown.
    pub step: StepId,
    /// Source picker.
    pub source: source::SourceState,
    /// Integrity check.
    pub integrity: integrity::IntegrityState,
    /// Licences.
    pub licence: licence::LicenceState,
    /// Deployment option.
    pub option: option::OptionState,
    /// Validation panes.
    pub review: review::ReviewState,
    /// The opened source.
    pub loaded: Option<Arc<Loaded>>,
    /// What the operator decided so far.
    pub answers: Answers,
    /// Answers changed since they were last saved or written.
    pub unsaved: bool,
    /// A window over the step.
    pub overlay: Option<Overlay>,
    /// A message in the footer.
    pub notice: Option<Notice>,
    /// Scroll position of the help overlay.
    pub help: TextScroll,
    /// Terminal columns and rows.
    pub size: (u16, u16),
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
            source: source::SourceState::new(root, given),
            integrity: integrity::IntegrityState::default(),
            licence: licence::LicenceState::default(),
            option: option::OptionState::default(),
            review: review::ReviewState::default(),
            loaded: None,
            answers: Answers::default(),
            unsaved: false,
            overlay: None,
            notice: None,
            help: TextScroll::default(),
            size,
            exit: None,
        }
    }

    /// Whether the terminal is too small to draw the wizard.
    pub fn too_small(&self) -> bool {
        self.size.0 < MIN_SIZE.0 || self.size.1 < MIN_SIZE.1
    }

    /// Where a step stands now.
    pub fn status(&self, step: StepId) -> StepStatus {
        let opening = self.source.opening.as_ref().and_then(|o| o.kind);
        let Some(loaded) = &self.loaded else {
            return match step {
                StepId::Source => StepStatus::Open,
                StepId::Integrity if opening.is_some_and(has_integrity) => StepStatus::Open,
                _ => StepStatus::Pending,
            };
        };
        match step {
            StepId::Source => StepStatus::Done,
            StepId::Integrity => match loaded.integrity() {
                None => StepStatus::Skipped("HOT templates carry no manifest to verify"),
                Some(_) => StepStatus::Done,
            },
            StepId::Licence if loaded.eulas.is_empty() => {
                StepStatus::Skipped("no licence to accept")
            }
            StepId::Licence => match licence::all_accepted(self) {
                true => StepStatus::Done,
                false => StepStatus::Open,
            },
            StepId::Option if loaded.options.len() < 2 => {
                StepStatus::Skipped("no deployment options to choose from")
            }
            StepId::Option => match self.answers.deployment_option {
                Some(_) => StepStatus::Done,
                None => StepStatus::Open,
            },
            StepId::Properties => StepStatus::Skipped(
                "properties are asked through the onboarding session (issue 4), not in this build",
            ),
            StepId::Capabilities => {
                StepStatus::Skipped("template capabilities (issue 6) are not in this build")
            }
            StepId::Parameters => StepStatus::Skipped(
                "parameters are asked through the onboarding session (issue 4), not in this build",
            ),
            StepId::Review => match &self.review.checked {
                Some(_) => StepStatus::Done,
                None => StepStatus::Open,
            },
            StepId::Write => StepStatus::Skipped(
                "writing goes through the onboarding session (issue 4), not in this build",
            ),
        }
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
        self.notice = Some(Notice {
            text: text.into(),
            problem: false,
        });
    }

    /// Shows a problem in the footer.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            problem: true,
        });
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

    /// Whether a text field has focus (so letters type into it).
    pub fn text_focused(&self) -> bool {
        if self.overlay.is_some() || self.too_small() {
            return false;
        }
        match self.step {
            StepId::Source => self.source.filter.editing,
            StepId::Review => self.review.filter.editing,
            _ => false,
        }
    }
}
