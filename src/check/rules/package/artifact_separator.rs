//! CSAR-artifact-separator: artifact entries are separated by blank lines (Tacker step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// Two artifact entries written without a blank line between them.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-artifact-separator",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "Artifact entries are separated by an empty line; a block never repeats a key.",
        why: "Tacker splits the manifest on empty lines and loads each block as one YAML \
              mapping, where a repeated key silently replaces the earlier one: of entries run \
              together only the last is verified, and the files above it pass unchecked.",
        fix: "Put one empty line (no spaces) between the Source/Algorithm/Hash entries.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (file, block) in context.csar.artifact_blocks() {
        for field in block.artifact().repeated {
            findings.report_at(
                file,
                field.key_span,
                &field.key,
                format!(
                    "a second `{}` in one block: entries run together and Tacker checks only the last; \
                     separate them with an empty line",
                    field.key
                ),
            );
        }
    }
}
