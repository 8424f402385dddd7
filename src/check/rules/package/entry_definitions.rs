//! CSAR-entry-definitions: `TOSCA.meta` names the main VNFD with `Entry-Definitions`, and
//! the package has that file (Tacker step 2).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::meta::{ENTRY_DEFINITIONS, META_PATH};

/// A missing `Entry-Definitions` key, or one naming a file the package lacks.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-entry-definitions",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 2: TOSCA.meta",
        summary: "TOSCA.meta has an Entry-Definitions key naming a file of the package.",
        why: "tosca-parser finds the top-level VNFD only through Entry-Definitions: without \
              the key Tacker reports that the CSAR \"is missing the required metadata \
              Entry-Definitions\", and when the named file is absent that \"the \
              Entry-Definitions file … does not exist\". Keys are case-sensitive.",
        fix: "Add `Entry-Definitions: Definitions/<vnf>_top.vnfd.yaml` to the first block of \
              TOSCA.meta, with the path written exactly as stored in the package (relative \
              to the package root, same case).",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(meta) = &context.csar.meta else {
        return;
    };
    if meta.yaml.is_err() {
        return;
    }
    let Some(node) = meta.value(ENTRY_DEFINITIONS) else {
        let spelt = meta
            .metadata_fields()
            .iter()
            .find(|f| f.has_colon && f.key.eq_ignore_ascii_case(ENTRY_DEFINITIONS));
        match spelt {
            Some(field) => findings.report_at(
                META_PATH,
                field.key_span,
                &field.key,
                format!(
                    "`{}` is not `{ENTRY_DEFINITIONS}`: tosca-parser reads the key case-sensitively",
                    field.key
                ),
            ),
            None => findings.report_at(
                META_PATH,
                FILE_START,
                "",
                format!("TOSCA.meta has no `{ENTRY_DEFINITIONS}` key naming the main VNFD"),
            ),
        };
        return;
    };
    match meta.text_value(ENTRY_DEFINITIONS) {
        Some(entry) if context.csar.contains(&entry) => {}
        Some(entry) => {
            findings.report_at(
                META_PATH,
                node.span,
                ENTRY_DEFINITIONS,
                format!("Entry-Definitions names `{entry}`, which the package does not have"),
            );
        }
        None => {
            findings.report_at(
                META_PATH,
                node.span,
                ENTRY_DEFINITIONS,
                format!("Entry-Definitions is {}, not a file path", node.kind()),
            );
        }
    }
}
