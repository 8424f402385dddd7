//! The foundation every layer shares: rule metadata, keywords and severities, violations and
//! their spans, the waivers that accept some of them, the report that gathers them, the one line index, and the options a run
//! reads its input with. It imports
//! nothing above `limits`, so loaders, checks and outputs can all depend on it.

mod line_index;
mod options;
mod report;
mod rule;
mod severity;
mod span;
mod violation;
mod waiver;

pub use line_index::{LineCursor, LineIndex};
pub use options::{Options, Progress};
pub use report::{CopiedTexts, InputReport, InputRoot, Report, SourceTexts, Unchecked};
pub use rule::RuleMeta;
pub use severity::{Keyword, Severity};
pub use span::Span;
pub use violation::{Related, Violation};
pub use waiver::{Waived, WaivedBy, WaivedViolation};
