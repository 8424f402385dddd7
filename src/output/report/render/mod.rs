//! Report formats: compiler-style text, JSON (DESIGN.md's contract), SARIF 2.1.0, JUnit XML.
//! Each renderer is a pure function of a [`Report`](crate::foundation::diagnostics::Report); beside them, the
//! output of the commands that report something else (`capabilities`, `inspect`, `onboard`).

pub mod capabilities;
pub mod fix_hint;
pub mod inspect;
pub mod json;
pub mod junit;
pub mod onboard;
pub mod sarif;
pub mod size;
mod sources;
pub mod text;

#[cfg(test)]
mod sample;
