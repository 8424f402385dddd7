//! CSAR-vnfsdk-release-key: the manifest uses ONAP vnfsdk's misspelt release key.

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::manifest::{METADATA_KEYS, VNFSDK_RELEASE_KEY};

/// `vnf_release_data_time` in a manifest's metadata block.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-vnfsdk-release-key",
        keyword: Keyword::Should,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "The manifest metadata spells vnf_release_date_time, not vnfsdk's \
                  vnf_release_data_time.",
        why: "ONAP vnfsdk's checks expect the misspelt vnf_release_data_time, while SOL004, \
              Tacker and SDC read vnf_release_date_time, and SDC refuses the misspelt key as \
              an invalid metadata entry. The two cannot both be pleased in one manifest; \
              vnfsdk-only expectations are warnings, never errors.",
        fix: "Write vnf_release_date_time (the SOL004 name) unless the package is only ever \
              checked by vnfsdk.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for manifest in &context.csar.manifests {
        let Some(block) = manifest.metadata() else {
            continue;
        };
        for field in block.fields[1..]
            .iter()
            .filter(|f| f.key == VNFSDK_RELEASE_KEY)
        {
            findings.report_at(
                &manifest.path,
                field.key_span,
                format!("metadata.{VNFSDK_RELEASE_KEY}"),
                format!(
                    "`{VNFSDK_RELEASE_KEY}` is ONAP vnfsdk's misspelling; SOL004, Tacker and SDC read `{}`",
                    METADATA_KEYS[3]
                ),
            );
        }
    }
}
