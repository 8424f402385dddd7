//! Report formats: compiler-style text, JSON (DESIGN.md's contract), SARIF 2.1.0, JUnit XML,
//! and for people outside the terminal a self-contained HTML page and CSV. Each renderer is a
//! pure function of a [`Report`](crate::foundation::diagnostics::Report) (HTML and CSV also
//! of each finding's [`fixes::Fixes`], HTML of its [`run::RunInfo`]); beside them, the output
//! of the commands that report something else (`capabilities`, `inspect`, `onboard`).

pub mod capabilities;
pub mod csv;
pub mod fix_hint;
pub mod fixes;
pub mod html;
pub mod inspect;
pub mod json;
pub mod junit;
pub mod onboard;
pub mod run;
pub mod sarif;
pub mod size;
mod sources;
pub mod text;

#[cfg(test)]
mod sample;
