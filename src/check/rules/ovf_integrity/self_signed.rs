//! OVF-self-signed: the signer's certificate is issued by someone else (its issuer differs
//! from its subject). A warning: a self-signed certificate proves integrity, not origin.
//! Shown where the signer's certificate starts.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A package signed with a self-signed certificate.
pub static RULE: Rule = Rule {
    meta: codes::SELF_SIGNED,
    check: Check::Ovf(super::report_findings),
};
