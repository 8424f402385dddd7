//! CSAR-entry-manifest: the manifest `TOSCA.meta` names is a `.mf` file of the package
//! (Tacker step 5).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::meta::META_PATH;

/// An ETSI-Entry-Manifest that is not a `.mf` or names no file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-entry-manifest",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "ETSI-Entry-Manifest names a .mf file that the package holds.",
        why: "Tacker reads artifact digests from the manifest that ETSI-Entry-Manifest names \
              and refuses a name not ending in .mf (\"does not contain valid manifest\"); a \
              named manifest that is missing leaves every digest unchecked.",
        fix: "Name the manifest <vnf>.mf at the package root and write ETSI-Entry-Manifest: \
              <vnf>.mf in TOSCA.meta (or drop the key when the package has no manifest).",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(meta) = &context.csar.meta else {
        return;
    };
    let Some((manifest, key)) = context.csar.meta_manifest() else {
        return;
    };
    let Some(node) = meta.value(key) else {
        return;
    };
    let message = if !manifest.to_ascii_lowercase().ends_with(".mf") {
        format!("{key} names `{manifest}`, which is not a .mf manifest")
    } else if !context.csar.contains(&manifest) {
        format!("{key} names `{manifest}`, which the package does not have")
    } else {
        return;
    };
    findings.report_at(META_PATH, node.span, key, message);
}
