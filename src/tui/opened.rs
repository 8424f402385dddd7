//! A source as the wizard shows it once the onboarding session has opened it: what it is,
//! what it asks (the session's questions), its integrity check and the OVF rules' findings.
//! The session itself stays on its own thread (`session_thread.rs`).

use std::path::PathBuf;

use crate::foundation::diagnostics::Violation;
use crate::input::integrity::IntegrityReport;
use crate::input::source::InputKind;
use crate::session::Questions;

/// What the steps need to know about the opened source.
#[derive(Debug)]
pub struct Opened {
    /// The path the operator chose.
    pub path: PathBuf,
    /// What kind of input it is.
    pub kind: InputKind,
    /// The stem of the files written (`<name>.yaml`).
    pub name: String,
    /// What the source asks.
    pub questions: Questions,
    /// The integrity check of an OVF package (none for HOT templates).
    pub integrity: Option<IntegrityReport>,
    /// The OVF rules' findings on the package (empty for HOT templates).
    pub package_violations: Vec<Violation>,
    /// The disk images a CSAR needs that the package lacks.
    pub missing_images: Vec<String>,
    /// The rule profiles to choose among (name, summary), built-in first.
    pub profiles: Vec<(String, String)>,
}

/// Whether opening `kind` hashes files (and so shows the integrity step's progress).
pub fn has_integrity(kind: InputKind) -> bool {
    matches!(kind, InputKind::Ovf | InputKind::Ova)
}
