//! OVF-digest-mismatch: every stored file's digest equals each digest its manifest lines
//! list for it (SHA1, SHA256 or SHA512, as the line names; the seed's section 4.2 asks for
//! SHA1 and SHA256). Digests cover the bytes as stored: a gzip file is not decompressed,
//! a chunked file is listed chunk by chunk. Shown at the manifest line, with the
//! descriptor's File element as a related place when the descriptor references the file.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A file whose digest differs from the one its manifest line lists.
pub static RULE: Rule = Rule {
    meta: codes::DIGEST_MISMATCH,
    check: Check::Ovf(super::report_findings),
};
