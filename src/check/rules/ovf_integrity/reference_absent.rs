//! OVF-reference-absent: in a package without a manifest, a file the descriptor references is
//! absent: a warning, since the image may already be in the cloud under that name (a
//! package with a manifest claims to be complete, and there the same gap is
//! `OVF-missing-file`). Shown at the File element's `ovf:href`.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A referenced file absent from a package that has no manifest.
pub static RULE: Rule = Rule {
    meta: codes::REFERENCE_ABSENT,
    check: Check::Ovf(super::report_findings),
};
