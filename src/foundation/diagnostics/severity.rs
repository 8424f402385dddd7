//! Requirement keywords (RFC 2119 as ONAP uses them) and the severity each one maps to.

use serde::Serialize;

/// The normative keyword of a requirement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Keyword {
    /// An absolute requirement.
    #[serde(rename = "MUST")]
    Must,
    /// An absolute prohibition.
    #[serde(rename = "MUST NOT")]
    MustNot,
    /// A recommendation.
    #[serde(rename = "SHOULD")]
    Should,
    /// A recommendation against.
    #[serde(rename = "SHOULD NOT")]
    ShouldNot,
    /// Truly optional; reported for information.
    #[serde(rename = "MAY")]
    May,
}

impl Keyword {
    /// The keyword as written in requirement texts.
    pub fn as_str(self) -> &'static str {
        match self {
            Keyword::Must => "MUST",
            Keyword::MustNot => "MUST NOT",
            Keyword::Should => "SHOULD",
            Keyword::ShouldNot => "SHOULD NOT",
            Keyword::May => "MAY",
        }
    }

    /// MUST / MUST NOT are errors, SHOULD / SHOULD NOT warnings, MAY a note.
    pub fn severity(self) -> Severity {
        match self {
            Keyword::Must | Keyword::MustNot => Severity::Error,
            Keyword::Should | Keyword::ShouldNot => Severity::Warning,
            Keyword::May => Severity::Note,
        }
    }
}

/// How serious a violation is; errors fail `validate` and block writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Breaks a MUST or MUST NOT.
    Error,
    /// Breaks a SHOULD or SHOULD NOT.
    Warning,
    /// Information only.
    Note,
}

impl Severity {
    /// Lower-case name as used in every report format.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}
