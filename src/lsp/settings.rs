//! How the server checks: the rules `validate` would run with the same flags, the stage,
//! the limits, and how long it waits for typing to pause.

use std::time::Duration;

use crate::check::rules::Selection;
use crate::check::waivers::Waivers;
use crate::foundation::limits::Limits;
use crate::model::hot::Stage;

/// What `vnfwiz lsp` was started with.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The rules that run (the profile, `--rules` and `--skip-rules` as `validate` reads them).
    pub selection: Selection,
    /// `--heat-ready`: every set is checked as given to Heat as it is.
    pub stage: Option<Stage>,
    /// Bounds on what is read, as `validate` has them.
    pub limits: Limits,
    /// How long the checker waits after an edit for the next one before it checks.
    pub debounce: Duration,
    /// The project config's waivers (inline comments are read from the buffers).
    pub waivers: Waivers,
}

/// The pause after an edit before the set is checked: long enough to take a burst of
/// keystrokes as one edit, short against the budget of a re-check.
pub const DEFAULT_DEBOUNCE: Duration = Duration::from_millis(30);
