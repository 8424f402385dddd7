//! Findings made while reading composition data, each reported by one `CAP-…` rule.

use crate::foundation::diagnostics::Span;
use crate::model::hot::FileId;

/// Which reading found the problem (and so which rule reports it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// A template's `capabilities:` annotation (`CAP-annotation`).
    Annotation,
    /// A `resource_registry` value (`CAP-registry-list`).
    Registry,
    /// The TripleO capabilities map (`CAP-map`).
    Map,
    /// Merging environment files (`CAP-merge`).
    Merge,
}

/// One finding with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Which reading found it.
    pub kind: ProblemKind,
    /// The file it is in.
    pub file: FileId,
    /// Where.
    pub span: Span,
    /// Dotted key path.
    pub path: String,
    /// What is wrong, and how to put it right when that is not obvious.
    pub message: String,
}
