//! SDC-env-unattached: an env file is listed as the HEAT_ENV child of its module.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::MANIFEST_JSON;

/// Module types an env file may be attached to.
const MODULE_TYPES: [&str; 3] = ["HEAT", "HEAT_VOL", "HEAT_NET"];

/// A HEAT_ENV entry at the top of `data` or under a non-module entry.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "SDC-env-unattached",
        keyword: Keyword::Must,
        section: "ONAP heat package: MANIFEST.json",
        summary: "Each HEAT_ENV entry is a child (in `data`) of the HEAT or HEAT_VOL entry of \
                  the module it belongs to.",
        why: "SDC pairs a module with its environment only through the manifest tree; an env \
              listed on its own is not attached to any module, so the module is deployed \
              without its parameter values.",
        fix: "Move the env entry into its module's `data` list: {\"file\": \"base_vfw.yaml\", \
              \"type\": \"HEAT\", \"isBase\": true, \"data\": [{\"file\": \"base_vfw.env\", \
              \"type\": \"HEAT_ENV\"}]}.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let Some(manifest) = &context.set.manifest else {
        return;
    };
    let mut pending: Vec<(Option<&str>, &crate::model::hot::manifest::ManifestEntry)> =
        manifest.entries.iter().map(|e| (None, e)).collect();
    while let Some((parent, entry)) = pending.pop() {
        pending.extend(
            entry
                .children
                .iter()
                .map(|c| (Some(entry.kind.as_str()), c)),
        );
        if entry.kind != "HEAT_ENV" {
            continue;
        }
        let message = match parent {
            None => format!(
                "env file `{}` is listed on its own, not under the module it belongs to",
                entry.file
            ),
            Some(kind) if !MODULE_TYPES.contains(&kind) => format!(
                "env file `{}` is attached to a {kind} entry, not to a module template",
                entry.file
            ),
            Some(_) => continue,
        };
        findings.report_at(MANIFEST_JSON, entry.span, "data", message);
    }
}
