//! SDC-type: every MANIFEST.json entry has a type SDC knows.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::MANIFEST_JSON;

/// The artifact types SDC's onboarding accepts in a heat package manifest.
const SDC_TYPES: [&str; 33] = [
    "HEAT",
    "HEAT_ENV",
    "HEAT_VOL",
    "HEAT_NET",
    "HEAT_NESTED",
    "HEAT_ARTIFACT",
    "CHEF",
    "PUPPET",
    "SHELL",
    "SHELL_SCRIPT",
    "YANG",
    "YANG_XML",
    "VF_LICENSE",
    "VENDOR_LICENSE",
    "MODEL_INVENTORY_PROFILE",
    "MODEL_QUERY_SPEC",
    "APPC_CONFIG",
    "VNF_CATALOG",
    "VF_MODULES_METADATA",
    "LIFECYCLE_OPERATIONS",
    "VES_EVENTS",
    "PM_DICTIONARY",
    "SNMP_POLL",
    "SNMP_TRAP",
    "ANSIBLE_PLAYBOOK",
    "CLOUD_TECHNOLOGY_SPECIFIC_ARTIFACT",
    "CONTROLLER_BLUEPRINT_ARCHIVE",
    "GUIDE",
    "ICON",
    "DG_XML",
    "NETWORK_CALL_FLOW",
    "UCPE_LAYER_2_CONFIGURATION",
    "OTHER",
];

/// An entry whose type SDC does not know, or without a type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "SDC-type",
        keyword: Keyword::Must,
        section: "ONAP heat package: MANIFEST.json",
        summary: "Each MANIFEST.json entry has a `type` among SDC's artifact types (HEAT, \
                  HEAT_ENV, HEAT_VOL, HEAT_NET, HEAT_NESTED, HEAT_ARTIFACT, OTHER, …).",
        why: "SDC maps every listed file to an artifact type; an unknown or missing type makes \
              the manifest invalid and the upload is refused. Types are upper-case.",
        fix: "Use HEAT for module and nested templates, HEAT_ENV for env files, HEAT_VOL for \
              volume modules and OTHER for any other file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let Some(manifest) = &context.set.manifest else {
        return;
    };
    for entry in manifest.all() {
        if SDC_TYPES.contains(&entry.kind.as_str()) {
            continue;
        }
        let message = if entry.kind.is_empty() {
            format!("`{}` has no type", entry.file)
        } else {
            let upper = entry.kind.to_ascii_uppercase();
            let hint = if SDC_TYPES.contains(&upper.as_str()) {
                format!(" (SDC types are upper-case: `{upper}`)")
            } else {
                String::new()
            };
            format!(
                "`{}` has type `{}`, which SDC does not know{hint}",
                entry.file, entry.kind
            )
        };
        findings.report_at(MANIFEST_JSON, entry.span, "data", message);
    }
}
