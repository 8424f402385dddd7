//! OVF-certificate-invalid: the `.cert` starts with a signature line over this package's manifest,
//! followed by at least one readable PEM certificate. Shown at the line at fault (the
//! signature line, or where the unreadable certificate starts), else at the file's start.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A certificate file that cannot be read or signs another manifest.
pub static RULE: Rule = Rule {
    meta: codes::CERTIFICATE_INVALID,
    check: Check::Ovf(super::report_findings),
};
