//! CSAR-algorithm: an artifact entry names SHA-224, SHA-256, SHA-384 or SHA-512 (Tacker
//! step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::digest;

/// An algorithm Tacker does not know.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-algorithm",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "Algorithm is SHA-224, SHA-256, SHA-384 or SHA-512 (any case, with the dash).",
        why: "Tacker looks the lower-cased name up among sha-224, sha-256, sha-384 and sha-512 \
              and refuses anything else (\"The algorithm … is an invalid value\"); SHA256 \
              without the dash, SHA-1 and MD5 are all refused.",
        fix: "Write Algorithm: SHA-256 and recompute the Hash with sha256sum (or another of \
              the four).",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (file, block) in context.csar.artifact_blocks() {
        let artifact = block.artifact();
        let Some(field) = artifact.algorithm.filter(|_| artifact.is_complete()) else {
            continue;
        };
        if field.value.is_empty() || digest::parse(&field.value).is_some() {
            continue;
        }
        let dashed = field.value.to_ascii_uppercase().replacen("SHA", "SHA-", 1);
        let hint = if digest::parse(&dashed).is_some() {
            format!("; Tacker reads `{dashed}` with the dash")
        } else {
            String::new()
        };
        findings.report_at(
            file,
            field.value_span,
            "Algorithm",
            format!(
                "algorithm `{}` is not one of SHA-224, SHA-256, SHA-384, SHA-512{hint}",
                field.value
            ),
        );
    }
}
