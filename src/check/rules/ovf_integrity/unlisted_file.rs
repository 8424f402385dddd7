//! OVF-unlisted-file: when the package has a manifest, it lists the descriptor, every
//! referenced file and (in an OVA) every other entry; only the manifest and the certificate
//! themselves are exempt. Shown at the File element's `ovf:href` for a referenced file, else
//! at the start of the file itself (the descriptor, or a stray entry).

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A file of the package that its manifest has no digest for.
pub static RULE: Rule = Rule {
    meta: codes::UNLISTED_FILE,
    check: Check::Ovf(super::report_findings),
};
