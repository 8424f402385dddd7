//! Template composition after the capabilities spec: annotations in templates, lists of
//! implementations in `resource_registry`, TripleO's capabilities map, `requires` resolution,
//! introspection, the parameters a choice opens, and the rewrite into a set Heat (or ONAP)
//! accepts as it is.
//!
//! Data flows one way: [`Composition::read`] (what the set offers) → [`resolve`] with the
//! answers (what is chosen) → [`open_parameters`] (what the operator must still answer) and
//! [`compose`] (the files to write).

pub mod annotation;
pub mod compose;
pub mod composition;
pub mod environment;
pub mod introspect;
pub mod map;
pub mod parameters;
pub mod problem;
pub mod registry;
pub mod resolve;

pub use compose::{ComposeError, ComposedFile, ComposedRole, ComposedSet, RegistryOutput, compose};
pub use composition::Composition;
pub use introspect::{Filter, Match, Summary, find, summary};
pub use parameters::{OpenParameter, open_parameters};
pub use problem::{Problem, ProblemKind};
pub use resolve::{
    Candidate, Choice, ChoiceError, ChoiceOutcome, ChoiceSource, Decision, Implementation, Outcome,
    Resolution, resolve,
};
