//! What a set offers and what became of it: the requirements in force, each type's
//! candidates, and how each choice was decided.

use crate::foundation::diagnostics::Span;
use crate::model::hot::FileId;

use super::super::registry::Target;

/// Where a required capability value comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum RequirementSource {
    /// An environment's `requires:`.
    Environment {
        /// The environment file.
        env: FileId,
        /// Where the value is written.
        span: Span,
    },
    /// The answers (`requires:` in the answers file, or `--require`).
    Answer,
}

/// One required capability value.
#[derive(Clone, Debug, PartialEq)]
pub struct Requirement {
    /// The value.
    pub value: String,
    /// Where it comes from.
    pub source: RequirementSource,
}

/// Why a type offers a choice.
#[derive(Clone, Debug, PartialEq)]
pub enum ChoiceSource {
    /// A list of templates in `resource_registry` (the capabilities spec's form).
    RegistryList {
        /// The environment holding the list.
        env: FileId,
        /// Where the type's key is written.
        span: Span,
    },
    /// Environment files, none paired with a module, that map the type differently.
    Alternatives {
        /// The environment files.
        envs: Vec<FileId>,
    },
    /// No registry maps the type; these templates declare it in `resource_type`.
    Annotations,
}

/// One candidate implementation.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The template (or, among alternatives, the type) it names.
    pub target: Target,
    /// Where it is named: registry list items, registry values, or `resource_type` items.
    pub places: Vec<(FileId, Span)>,
}

impl Candidate {
    /// The template file of the set, when the candidate is one.
    pub fn file(&self) -> Option<FileId> {
        match self.target {
            Target::Template { file, .. } => file,
            Target::Alias(_) => None,
        }
    }
}

/// A type with its candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The resource type (or registry glob).
    pub resource_type: String,
    /// Why it is a choice.
    pub source: ChoiceSource,
    /// The candidates, in the order they are written.
    pub candidates: Vec<Candidate>,
}

/// How a choice was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The answers name the implementation.
    Answer,
    /// Exactly one candidate satisfies the requirements.
    Requires,
    /// There is only one candidate.
    Only,
}

/// Why a candidate was set aside.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejection {
    /// The candidate (index into [`Choice::candidates`]).
    pub candidate: usize,
    /// The capability key that does not match (`resource_type` for the type itself).
    pub key: String,
    /// The value required.
    pub wanted: String,
    /// The values the candidate declares.
    pub declared: Vec<String>,
}

/// What became of a choice.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// One implementation.
    Resolved {
        /// The candidate (index into [`Choice::candidates`]).
        candidate: usize,
        /// How it was decided.
        by: Decision,
        /// The candidates the requirements set aside (an answer may choose one of them).
        rejected: Vec<Rejection>,
    },
    /// Several candidates satisfy every requirement.
    Ambiguous {
        /// The candidates kept.
        kept: Vec<usize>,
        /// The candidates set aside.
        rejected: Vec<Rejection>,
    },
    /// No candidate satisfies the requirements.
    Unresolved {
        /// Why each candidate was set aside.
        rejected: Vec<Rejection>,
    },
}

/// A choice and what became of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceOutcome {
    /// The choice.
    pub choice: Choice,
    /// The outcome.
    pub outcome: Outcome,
}

impl ChoiceOutcome {
    /// The chosen candidate, when the choice is resolved.
    pub fn chosen(&self) -> Option<&Candidate> {
        match self.outcome {
            Outcome::Resolved { candidate, .. } => self.choice.candidates.get(candidate),
            _ => None,
        }
    }

    /// Why the requirements set aside the candidate an answer chose, when they do: the
    /// answer stands, but the operator is told.
    pub fn overridden(&self) -> Option<&Rejection> {
        match &self.outcome {
            Outcome::Resolved {
                candidate,
                by: Decision::Answer,
                rejected,
            } => rejected.iter().find(|r| r.candidate == *candidate),
            _ => None,
        }
    }
}
