//! OVF-no-manifest: the package carries `<descriptor stem>.mf`. Without it nothing can be
//! verified, so the package is reported once, at the start of the descriptor.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A package without a manifest.
pub static RULE: Rule = Rule {
    meta: codes::NO_MANIFEST,
    check: Check::Ovf(super::report_findings),
};
