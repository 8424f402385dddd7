//! Fixes: minimal text edits at source spans that repair a violation, keeping every other
//! byte (formatting, comments, line breaks, BOM) as the vendor wrote it.
//!
//! A [`Fix`] is a list of [`Edit`]s answering one violation, with a title and a [`Safety`].
//! Providers (one per file in `providers/`) are found by rule id in the [`registry`]; rules
//! know nothing about them. A [`Workspace`] holds a set being fixed: it applies fixes in
//! rounds (fixes whose edits meet wait for the next round), validates the whole set after
//! each, drops a fix that adds a violation or leaves its own, keeps an undo stack and the
//! answers records that replay what was applied. [`Preview`] shows a fix as hunks or as a
//! unified diff.

mod description;
pub mod diff;
pub mod edit;
mod environment;
pub mod layout;
mod locate;
pub mod model;
pub mod outcome;
mod providers;
mod record;
mod references;
pub mod registry;
mod reload;
pub mod workspace;
pub mod write_back;

pub use diff::{DiffLine, FileChange, Hunk, LineKind, Preview, UnifiedLine};
pub use edit::{Edit, EditError};
pub use model::{Fix, FixLevel, Offer, PathMove, Safety};
pub use outcome::{AppliedFix, FixNote, Outcome};
pub use record::FixRecord;
pub use registry::{fixable_rules, offer};
pub use reload::{ReloadError, Unfixable, check_reloadable};
pub use workspace::{Workspace, record_of};
pub use write_back::{FixedFile, Skipped, WriteBack, write_back};
