//! OVF-certificate-expired: the signer's certificate (the first in the `.cert`) has not expired at
//! the time of the check. A warning: the signature still proves the manifest unchanged.
//! Shown where the signer's certificate starts.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A signing certificate past its end of validity.
pub static RULE: Rule = Rule {
    meta: codes::CERTIFICATE_EXPIRED,
    check: Check::Ovf(super::report_findings),
};
