//! OVF-size-mismatch: a stored file is exactly `ovf:size` bytes; a chunked file's chunks
//! are `ovf:chunkSize` bytes each and the last holds the rest. Sizes count stored bytes, so
//! a gzip-compressed file is compared by its compressed size. A file without `ovf:size` is
//! not judged. Shown at the File element.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A file whose stored size differs from the descriptor's `ovf:size`.
pub static RULE: Rule = Rule {
    meta: codes::SIZE_MISMATCH,
    check: Check::Ovf(super::report_findings),
};
