//! CSAR-meta-yaml: `TOSCA-Metadata/TOSCA.meta` is a YAML mapping (Tacker step 2).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::meta::{META_PATH, MetaYamlError};

/// A metadata file tosca-parser cannot load as YAML.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-meta-yaml",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 2: TOSCA.meta",
        summary: "TOSCA-Metadata/TOSCA.meta parses as YAML into a mapping of keys.",
        why: "tosca-parser loads the whole metadata file with yaml.safe_load, artifact blocks \
              included; when that fails or gives no mapping, Tacker reports that the file \
              \"does not contain valid YAML content\" and reads nothing else of the package.",
        fix: "Write every line as `Key: value` (a space after the colon), separate blocks \
              with one empty line, and quote values that YAML would read otherwise (a value \
              starting with `{`, `[`, `*`, `&` or containing `: `).",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(meta) = &context.csar.meta else {
        return;
    };
    match &meta.yaml {
        Err(MetaYamlError::Load(error)) => {
            findings.report_at(
                META_PATH,
                error.span(),
                "",
                format!("TOSCA.meta is not valid YAML: {error}"),
            );
        }
        Err(MetaYamlError::NotMapping(kind)) => {
            findings.report_at(
                META_PATH,
                FILE_START,
                "",
                format!("TOSCA.meta reads as {kind}, not as a mapping of `Key: value` lines"),
            );
        }
        Ok(_) => {}
    }
}
