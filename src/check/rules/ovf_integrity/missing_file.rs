//! OVF-missing-file: in a package with a manifest, every file the descriptor references
//! (each chunk of a chunked file), every file the manifest lists and the manifest the
//! certificate signs is stored. Shown at the manifest or certificate line that names the
//! file, else at the File element's `ovf:href`. A file that is missing is reported once,
//! whoever expects it. URLs are fetched by the importer and never expected in the package.

use crate::check::rules::{Check, Rule};
use crate::input::integrity::codes;

/// A file the descriptor, manifest or certificate expects that the package does not hold.
pub static RULE: Rule = Rule {
    meta: codes::MISSING_FILE,
    check: Check::Ovf(super::report_findings),
};
