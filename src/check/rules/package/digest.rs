//! CSAR-digest: every artifact entry's Hash is the file's actual digest (Tacker step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::digest;

use super::hash_format;

/// A file whose content does not match its recorded digest.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-digest",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "The Hash of each artifact entry equals the digest of the file's bytes, \
                  software images included.",
        why: "A digest that does not match means the file was changed, corrupted or replaced \
              after the manifest was written; Tacker refuses such a package (\"The hash … of \
              artifact file … is an invalid value\"). Tacker skips image files here, but \
              Glance verifies their checksum at upload, so vnfwiz checks every file.",
        fix: "Restore the original file, or recompute the digest (sha256sum <file>) and update \
              the entry, re-signing the manifest when it carries a signature.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (file, block) in context.csar.artifact_blocks() {
        let artifact = block.artifact();
        let (Some(source), Some(algorithm), Some(hash)) =
            (artifact.source, artifact.algorithm, artifact.hash)
        else {
            continue;
        };
        let Some(algorithm) = digest::parse(&algorithm.value) else {
            continue;
        };
        if hash.value.is_empty() || hash_format::problem(&hash.value).is_some() {
            continue;
        }
        let name = digest::sol004_name(algorithm);
        let message = match context.csar.digests.get(&source.value) {
            None => continue,
            Some(hashed) => match digest::hex(hashed, algorithm) {
                Some(actual) if actual == hash.value => continue,
                Some(actual) if hash.value.len() != actual.len() => format!(
                    "`{}` does not match its digest: the entry's hash has {} hex digits, its \
                     {name} is {actual} ({} digits)",
                    source.value,
                    hash.value.len(),
                    actual.len()
                ),
                Some(actual) => format!(
                    "`{}` does not match its digest: its {name} is {actual}, the entry says {}",
                    source.value, hash.value
                ),
                None => continue,
            },
        };
        findings.report_at(file, hash.value_span, "Hash", message);
    }
}
