//! A finding someone accepted: the violation, and who waived it, why and until when. A
//! waived finding is not counted (exit codes and the write gate count what is left) but
//! every report still shows it with its reason.

use serde::Serialize;

use super::Violation;

/// Where a waiver was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WaivedBy {
    /// A `[[waive]]` entry of the project's `vnfwiz.toml`.
    Config,
    /// A `vnfwiz: waive` comment in the file itself.
    Inline,
    /// An entry of the baseline `validate --baseline` was given.
    Baseline,
    /// A `waivers:` entry of the answers file.
    Answers,
}

impl WaivedBy {
    /// The name every report format uses.
    pub fn as_str(self) -> &'static str {
        match self {
            WaivedBy::Config => "config",
            WaivedBy::Inline => "inline",
            WaivedBy::Baseline => "baseline",
            WaivedBy::Answers => "answers",
        }
    }
}

/// Why a finding does not count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Waived {
    /// The reason the operator gave.
    pub reason: String,
    /// Where the waiver comes from.
    pub by: WaivedBy,
    /// The last day it applies (`YYYY-MM-DD`), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<String>,
    /// Where it is written (`vnfwiz.toml:12`, `base.yaml:40`), for people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

/// A finding and the waiver that accepts it.
#[derive(Clone, Debug)]
pub struct WaivedViolation {
    /// The finding, as the rule reported it.
    pub violation: Violation,
    /// Who accepted it and why.
    pub waived: Waived,
}
