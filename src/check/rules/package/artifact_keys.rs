//! CSAR-artifact-keys: an artifact entry has exactly Source, Algorithm and Hash, each with a
//! value (Tacker step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::blocks::{ALGORITHM, HASH, SOURCE};

/// A missing, unknown or empty key in an artifact entry.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-artifact-keys",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "Each artifact entry (a block with Algorithm or Hash) has exactly Source (or \
                  Name in TOSCA.meta), Algorithm and Hash, each with a value; Content-Type may \
                  be added.",
        why: "Tacker loads each block, renames Name to Source, drops Content-Type and refuses \
              the package when the keys differ from Source/Algorithm/Hash (\"One of the \
              artifact information may not have the key\") or a value is empty. Keys are \
              case-sensitive: Content-type or hash are other keys to it.",
        fix: "Write each entry as three lines, Source: <path>, Algorithm: SHA-256, Hash: \
              <lower-case hex>, spelt exactly so, with a blank line between entries.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (file, block) in context.csar.artifact_blocks() {
        let artifact = block.artifact();
        let present = [
            (SOURCE, artifact.source),
            (ALGORITHM, artifact.algorithm),
            (HASH, artifact.hash),
        ];
        let missing: Vec<&str> = present
            .iter()
            .filter(|(_, f)| f.is_none())
            .map(|(k, _)| *k)
            .collect();
        if !missing.is_empty() {
            let entry = artifact.source.filter(|s| !s.value.is_empty()).map_or_else(
                || "this artifact entry".to_owned(),
                |s| format!("the artifact entry of `{}`", s.value),
            );
            findings.report_at(
                file,
                block.span,
                "",
                format!("{entry} has no {}", missing.join(", no ")),
            );
        }
        for field in &artifact.unknown {
            let message = if field.has_colon {
                format!(
                    "`{}` is not a key Tacker reads in an artifact entry (Source or Name, \
                     Content-Type, Algorithm, Hash; spelt exactly so)",
                    field.key
                )
            } else {
                "this line is not a `Key: value` line".to_owned()
            };
            findings.report_at(file, field.key_span, &field.key, message);
        }
        for (key, field) in present {
            if let Some(field) = field
                && field.value.is_empty()
            {
                findings.report_at(
                    file,
                    field.key_span,
                    key,
                    format!("`{}` has no value", field.key),
                );
            }
        }
    }
}
