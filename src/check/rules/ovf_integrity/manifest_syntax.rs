//! OVF-manifest-syntax: every non-blank manifest line reads as `ALGORITHM(file)= hexdigest`.
//! Reading is lenient about form (algorithm case, `SHA-256`, spaces, CRLF, a byte-order
//! mark) and strict about content (unknown algorithms, digests of the wrong length, names
//! leaving the package, one file listed twice with different digests). Shown at the line.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A manifest line that cannot be used.
pub static RULE: Rule = Rule {
    meta: codes::MANIFEST_SYNTAX,
    check: Check::Ovf(super::report_findings),
};
