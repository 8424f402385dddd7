//! R-270358: a volume module contains an `OS::Cinder::Volume`, directly, in the nested
//! template of a resource group, or in a nested template used as a resource type.
//!
//! Nested templates are followed to any depth (a volume two levels down is still the
//! module's). A volume module is one the set's `MANIFEST.json` or SDC's naming
//! (`<module>_volume.yaml`) marks as such.

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::span_at_byte;
use crate::model::hot::{FileId, TemplateKind};

/// `OS::Cinder::Volume`.
const CINDER_VOLUME: &str = "OS::Cinder::Volume";

/// A volume module without a volume.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-270358",
        keyword: Keyword::Must,
        section: "ONAP Heat Cinder Volumes",
        summary: "A volume module template has an `OS::Cinder::Volume` resource, itself or in a \
                  nested template it uses (a resource group member or a nested resource type).",
        why: "SDC pairs a volume module with its VF module to create the VM's persistent \
              disks; one without a Cinder volume creates nothing to attach and is refused as a \
              volume module.",
        fix: "Define the module's disks as `OS::Cinder::Volume` resources (or a resource group \
              of a nested template that defines them) and output their ids; move anything else \
              to the VF module.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let has_volume: HashSet<FileId> = context
        .templates
        .iter()
        .filter(|t| t.type_slots().iter().any(|s| s.written == CINDER_VOLUME))
        .map(|t| t.id)
        .collect();
    let mut children: HashMap<FileId, Vec<FileId>> = HashMap::new();
    for edge in &context.set.nesting {
        children.entry(edge.parent).or_default().push(edge.child);
    }
    for module in &context.set.modules {
        if module.kind != TemplateKind::Volume {
            continue;
        }
        let Some(template) = context.set.template(module.template) else {
            continue;
        };
        // Everything the module nests, however deep, visited once.
        let mut seen: HashSet<_> = [template.id].into_iter().collect();
        let mut pending = vec![template.id];
        let mut found = false;
        while let Some(id) = pending.pop() {
            if has_volume.contains(&id) {
                found = true;
                break;
            }
            for child in children.get(&id).into_iter().flatten() {
                if seen.insert(*child) {
                    pending.push(*child);
                }
            }
        }
        if found {
            continue;
        }
        let span = match template.section("resources") {
            Some((key, _)) => key.span,
            None => span_at_byte(&template.file.bytes, 0),
        };
        findings.report(
            template.file,
            span,
            "resources",
            format!(
                "volume module `{}` has no `{CINDER_VOLUME}`, neither itself nor in a nested \
                 template",
                template.path()
            ),
        );
    }
}
