//! OVF-certificate-expired: the signer's certificate (the first in the `.cert`) has not expired at
//! the time of the check. A warning: the signature still proves the manifest unchanged.
//! Shown where the signer's certificate starts.

use crate::integrity::codes;
use crate::rules::{Check, Rule};

/// A signing certificate past its end of validity.
pub static RULE: Rule = Rule {
    meta: codes::CERTIFICATE_EXPIRED,
    check: Check::Ovf(super::report_findings),
};
