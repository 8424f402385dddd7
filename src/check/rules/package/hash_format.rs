//! CSAR-hash-format: a Hash is the lower-case hex digest of its algorithm's length (Tacker
//! step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A hash that cannot equal the algorithm's hex digest.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-hash-format",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "Hash is written in lower-case hexadecimal.",
        why: "Tacker compares the Hash text with Python's hexdigest(), which is lower-case: an \
              upper-case hash or one with other characters never matches, and the package is \
              refused with \"The hash … of artifact file … is an invalid value\" even when \
              the digest is right.",
        fix: "Write the digest exactly as sha256sum (or sha512sum …) prints it.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (file, block) in context.csar.artifact_blocks() {
        let artifact = block.artifact();
        let (Some(source), Some(hash)) = (artifact.source, artifact.hash) else {
            continue;
        };
        if !artifact.is_complete() || hash.value.is_empty() {
            continue;
        }
        if let Some(problem) = problem(&hash.value) {
            findings.report_at(
                file,
                hash.value_span,
                "Hash",
                format!("the hash of `{}` {problem}", source.value),
            );
        }
    }
}

/// What keeps `hash` from being lower-case hex.
pub fn problem(hash: &str) -> Option<&'static str> {
    if !hash.chars().all(|c| c.is_ascii_hexdigit()) {
        return Some("is not hexadecimal");
    }
    if hash.chars().any(|c| c.is_ascii_uppercase()) {
        return Some(
            "is upper-case hex; Tacker compares it with lower-case hexdigest() and it never matches",
        );
    }
    None
}
