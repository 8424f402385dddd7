//! CSAR-manifest-metadata: a manifest's metadata block has SOL004's four keys and an
//! RFC 3339 release date-time.

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::manifest::{METADATA_KEYS, VNFSDK_RELEASE_KEY, is_rfc3339};

/// A metadata block without a SOL004 key, or with a release time that is not RFC 3339.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-manifest-metadata",
        keyword: Keyword::Should,
        section: "SOL004 package, Tacker step 5: artifacts and digests",
        summary: "A manifest's metadata block has vnf_product_name, vnf_provider_id, \
                  vnf_package_version and vnf_release_date_time, the last in RFC 3339.",
        why: "SOL004 defines these four entries and ONAP SDC requires them; Tacker does not \
              store the metadata, so a gap is a warning. A release time without its offset \
              (2019-08-29T22:17:39) is not RFC 3339 and is read differently by each tool.",
        fix: "Start the manifest with metadata: and the four keys indented below it, e.g. \
              vnf_release_date_time: 2024-05-01T10:00:00+00:00.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    for manifest in &context.csar.manifests {
        let Some(block) = manifest.metadata() else {
            continue;
        };
        let entries = &block.fields[1..];
        for key in METADATA_KEYS {
            let found = entries
                .iter()
                .find(|f| f.key == key || (key == METADATA_KEYS[3] && f.key == VNFSDK_RELEASE_KEY));
            match found {
                None => {
                    findings.report_at(
                        &manifest.path,
                        block.fields[0].key_span,
                        "metadata",
                        format!("the metadata block has no `{key}`"),
                    );
                }
                Some(field) if key == METADATA_KEYS[3] && !is_rfc3339(&field.value) => {
                    findings.report_at(
                        &manifest.path,
                        field.value_span,
                        format!("metadata.{}", field.key),
                        format!(
                            "`{}` is not an RFC 3339 date-time (YYYY-MM-DDThh:mm:ss with Z or an offset such as +01:00)",
                            field.value
                        ),
                    );
                }
                Some(_) => {}
            }
        }
    }
}
