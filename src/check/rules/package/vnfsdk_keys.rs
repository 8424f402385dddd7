//! CSAR-vnfsdk-keys: `TOSCA.meta` keys in ONAP vnfsdk's pre-ETSI spelling.

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::meta::{META_PATH, VNFSDK_KEYS};

/// `Entry-Manifest` and its siblings instead of the `ETSI-` names.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-vnfsdk-keys",
        keyword: Keyword::Should,
        section: "SOL004 package, Tacker step 2: TOSCA.meta",
        summary: "TOSCA.meta uses SOL004's ETSI-Entry-… key names, not vnfsdk's older ones.",
        why: "ONAP vnfsdk still reads the pre-ETSI names (Entry-Manifest, Entry-Change-Log, \
              Entry-Tests, Entry-Licenses, Entry-Certificate); SOL004 renamed them with an \
              ETSI- prefix, and Tacker only looks for ETSI-Entry-Manifest, so a manifest named \
              by the old key alone is never verified by Tacker. vnfsdk-only expectations are \
              warnings, never errors.",
        fix: "Write the ETSI- key (ETSI-Entry-Manifest: vnf.mf); keep the old line beside it \
              only when the package must also pass vnfsdk's checks.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(meta) = &context.csar.meta else {
        return;
    };
    for (old, etsi) in VNFSDK_KEYS {
        let Some(field) = meta.metadata_field(old) else {
            continue;
        };
        let advice = if meta.metadata_field(etsi).is_some() {
            format!("`{etsi}` is also given, so ETSI tools read that one")
        } else {
            format!("SOL004 and Tacker read `{etsi}`; add it")
        };
        findings.report_at(
            META_PATH,
            field.key_span,
            old,
            format!("`{old}` is ONAP vnfsdk's pre-ETSI key name; {advice}"),
        );
    }
}
