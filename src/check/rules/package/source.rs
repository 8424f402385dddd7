//! CSAR-source: every artifact entry's Source is a file of the package (Tacker step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::source::path;

/// A Source path the package does not have.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-source",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "The Source (or Name) of every artifact entry is the path of a file in the \
                  package, relative to its root.",
        why: "Tacker looks each Source up in the archive's file list exactly as written and \
              refuses the package with \"The path … of artifact Source is an invalid value\" \
              when it is not there (URLs are fetched instead; vnfwiz never fetches them).",
        fix: "Write the path exactly as stored (Files/images/<image>, no leading ./ or /, same \
              case), or add the file to the package.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for (file, block) in context.csar.artifact_blocks() {
        let artifact = block.artifact();
        let Some(source) = artifact.source.filter(|_| artifact.is_complete()) else {
            continue;
        };
        let name = &source.value;
        if name.is_empty() || path::is_url(name) || context.csar.contains(name) {
            continue;
        }
        findings.report_at(
            file,
            source.value_span,
            "Source",
            format!("`{name}` is not a file of the package"),
        );
    }
}
