//! OVF-certificate-not-yet-valid: the signer's certificate's validity has started at the time of the
//! check. Shown where the signer's certificate starts.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A signing certificate whose validity has not started.
pub static RULE: Rule = Rule {
    meta: codes::CERTIFICATE_NOT_YET_VALID,
    check: Check::Ovf(super::report_findings),
};
