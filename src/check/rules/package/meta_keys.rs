//! CSAR-meta-keys: the TOSCA 1.0 keys of `TOSCA.meta` are present with their values.

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::meta::META_PATH;

/// The keys TOSCA 1.0 §16.2 and Tacker's documentation ask for, with the value each must
/// have (`None`: any value).
const KEYS: [(&str, Option<&str>); 3] = [
    ("TOSCA-Meta-File-Version", Some("1.0")),
    ("CSAR-Version", Some("1.1")),
    ("Created-By", None),
];

/// A missing or misspelt metadata key, or a version other than the one TOSCA defines.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-meta-keys",
        keyword: Keyword::Should,
        section: "SOL004 package, Tacker step 2: TOSCA.meta",
        summary: "TOSCA.meta's first block has TOSCA-Meta-File-Version: 1.0, CSAR-Version: 1.1 \
                  and Created-By.",
        why: "TOSCA 1.0 and SOL004 define these keys and values; Tacker itself only reads \
              Entry-Definitions and ETSI-Entry-Manifest, so a missing or differently spelt key \
              (Tacker's own samples write `Created-by`) is a warning, but other NFVOs and \
              package tools check them.",
        fix: "Start TOSCA.meta with `TOSCA-Meta-File-Version: 1.0`, `CSAR-Version: 1.1` and \
              `Created-By: <vendor>` spelt exactly so.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(meta) = &context.csar.meta else {
        return;
    };
    for (key, wanted) in KEYS {
        match meta.metadata_field(key) {
            Some(field) => {
                if let Some(wanted) = wanted
                    && field.value != wanted
                {
                    findings.report_at(
                        META_PATH,
                        field.value_span,
                        key,
                        format!("{key} is `{}`; TOSCA defines `{wanted}`", field.value),
                    );
                }
            }
            None => {
                let spelt = meta
                    .metadata_fields()
                    .iter()
                    .find(|f| f.has_colon && f.key.eq_ignore_ascii_case(key));
                match spelt {
                    Some(field) => findings.report_at(
                        META_PATH,
                        field.key_span,
                        &field.key,
                        format!("`{}` is spelt `{key}` in TOSCA 1.0", field.key),
                    ),
                    None => findings.report_at(
                        META_PATH,
                        FILE_START,
                        "",
                        format!("TOSCA.meta's first block has no `{key}`"),
                    ),
                };
            }
        }
    }
}
