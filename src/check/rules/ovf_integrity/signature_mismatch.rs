//! OVF-signature-mismatch: the signature verifies against the manifest's bytes with the signer's
//! public key; a manifest changed after signing fails here even when its digests match the
//! files. Shown at the signature line.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A signature that does not verify against the manifest.
pub static RULE: Rule = Rule {
    meta: codes::SIGNATURE_MISMATCH,
    check: Check::Ovf(super::report_findings),
};
