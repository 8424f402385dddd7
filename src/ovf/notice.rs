//! Findings made while building the model (bad units, missing attributes, …); rules report
//! them so each is documented, selectable and fixture-tested like any other check.

use serde::Serialize;

use crate::yaml::Span;

/// What a notice is about; each kind is reported by one rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoticeKind {
    /// The 1.x namespace written with a trailing slash.
    NamespaceSlash,
    /// A pre-DSP0004 unit name such as `MegaBytes`.
    LegacyUnits,
    /// A unit string that does not parse.
    BadUnits,
    /// A value that does not parse as what the attribute or element holds.
    Malformed,
    /// An attribute or element the OVF schema requires is absent.
    Missing,
    /// An external message bundle that cannot be read.
    StringsBundle,
}

/// One finding made while reading the descriptor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Notice {
    /// What it is about.
    pub kind: NoticeKind,
    /// Where.
    #[serde(skip)]
    pub span: Span,
    /// Dotted path of the element (`VirtualSystem[fw1].VirtualHardwareSection.Item[2]`).
    pub path: String,
    /// What is wrong, in one sentence.
    pub message: String,
}
