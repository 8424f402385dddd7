//! OVF-signature-unsupported: the signature is RSA PKCS#1 v1.5 over a SHA1, SHA256 or SHA512
//! digest. Shown at the signature line for an unsupported digest (MD5…), at the signer's
//! certificate for an unsupported key (EC, DSA, RSA-PSS…).

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A signature made with a digest or key vnfwiz cannot verify.
pub static RULE: Rule = Rule {
    meta: codes::SIGNATURE_UNSUPPORTED,
    check: Check::Ovf(super::report_findings),
};
