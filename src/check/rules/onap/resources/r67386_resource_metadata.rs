//! R-67386: a resource may declare the `metadata` attribute.
//!
//! Nothing in a MAY can be broken, so the rule reports (as a note) the one way the attribute
//! is commonly misused on ONAP servers: ONAP's server metadata (`vnf_id`, `vf_module_id`,
//! `vnf_name`, `vf_module_name`, `vm_role`, `vf_module_index`, `workload_context`,
//! `environment_context`) written in the resource's `metadata` attribute, which Heat keeps to
//! itself, instead of the server's `properties: metadata:`, which reaches Nova. Its shape
//! (a map) is R-92635/resource-definition's.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// ONAP server metadata written in the resource attribute rather than the server property.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-67386",
        keyword: Keyword::May,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template \
                  Structure / resources / metadata",
        summary: "A resource may carry the `metadata` attribute; ONAP's server metadata keys \
                  belong in the server's `properties: metadata:`, not there.",
        why: "The resource-level `metadata` attribute stays in Heat; only the server property \
              `metadata` is handed to Nova, where ONAP reads `vnf_id`, `vf_module_id` and the \
              other keys to find the VM. Keys written in the attribute are silently lost.",
        fix: "Move the ONAP keys from the resource's `metadata:` into `properties: metadata:` \
              of the `OS::Nova::Server`.",
    },
    check: Check::Hot(check),
};

const ONAP_KEYS: [&str; 8] = [
    "vnf_id",
    "vf_module_id",
    "vnf_name",
    "vf_module_name",
    "vm_role",
    "vf_module_index",
    "workload_context",
    "environment_context",
];

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for slot in template.type_slots() {
            if slot.written != "OS::Nova::Server" {
                continue;
            }
            let Some(metadata) = slot.definition.get("metadata").and_then(|m| m.as_map()) else {
                continue;
            };
            let owner = slot.path();
            let owner = owner.strip_suffix(".type").unwrap_or(&owner);
            for (key, _) in metadata.iter() {
                if ONAP_KEYS.contains(&key.text.as_str()) {
                    findings.report(
                        template.file,
                        key.span,
                        format!("{owner}.metadata.{}", key.text),
                        format!(
                            "`{}` is in the resource's `metadata` attribute, which never \
                             reaches Nova; ONAP reads it from `properties: metadata:`",
                            key.text
                        ),
                    );
                }
            }
        }
    }
}
