//! CSAR-manifest-name: without TOSCA-Metadata, a manifest is named like the main template
//! (Tacker step 5).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::package::strip_extension;

/// A `.mf` whose name differs from the main template's.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-manifest-name",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "In a CSAR without TOSCA-Metadata, every .mf file has the main template's \
                  name and folder with the .mf extension.",
        why: "Without TOSCA.meta, Tacker pairs the manifest with the main template by name and \
              refuses any other .mf with \"The filename … is an invalid name. The name must be \
              the same as the main template file name\".",
        fix: "Rename the manifest to the main template's name (VNF.yaml → VNF.mf), or add \
              TOSCA-Metadata/TOSCA.meta with ETSI-Entry-Manifest.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let csar = context.csar;
    if csar.meta.is_some() {
        return;
    }
    let Some(main) = &csar.main_template else {
        return;
    };
    let wanted = format!("{}.mf", strip_extension(main));
    for manifest in csar.manifest_files() {
        if strip_extension(manifest) != strip_extension(main) {
            findings.report_at(
                manifest,
                FILE_START,
                "",
                format!(
                    "manifest `{manifest}` is not named like the main template `{main}` (expected `{wanted}`)"
                ),
            );
        }
    }
}
