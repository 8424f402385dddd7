//! R-89913: a volume module publishes, in its outputs, the UUID of every volume it creates.
//!
//! An `OS::Cinder::Volume` counts as published when an output's value holds
//! `{get_resource: <volume>}`; a resource group or nested file of volumes when an output
//! holds a `get_attr` of it (its `refs`, or an output of the nested file).

use foldhash::{HashSet, HashSetExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

/// A volume whose UUID no output publishes.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-89913",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / Output Parameters / ONAP Volume \
                  Module Output Parameters",
        summary: "A volume module's outputs give the UUID of every Cinder volume it creates \
                  (`{get_resource: <volume>}`, or a `get_attr` of a group or nested file of \
                  volumes).",
        why: "The servers of the supported module attach their volumes by the UUIDs the volume \
              module outputs; a volume no output names is created but can never be attached.",
        fix: "Add an output per volume, `<name>: {value: {get_resource: <volume>}}` (for a \
              resource group, `{get_attr: [<group>, refs]}`), and a parameter of the same name \
              in the supported module.",
    },
    check: Check::Hot(check),
};

const VOLUME: &str = "OS::Cinder::Volume";

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        if template.kind != TemplateKind::Volume {
            continue;
        }
        let mut by_resource: HashSet<&str> = HashSet::new();
        let mut by_attribute: HashSet<&str> = HashSet::new();
        for call in context.calls_of(template.id) {
            if !call.path.starts_with("outputs.") {
                continue;
            }
            match call.function() {
                "get_resource" => by_resource.extend(call.args.as_str()),
                "get_attr" => by_attribute.extend(
                    call.args
                        .as_seq()
                        .and_then(|items| items.first())
                        .and_then(|n| n.as_str()),
                ),
                _ => {}
            }
        }
        for slot in template.type_slots() {
            if slot.member_of.is_some() {
                continue;
            }
            let name = slot.resource.text.as_str();
            let published = if slot.written == VOLUME {
                by_resource.contains(name)
            } else if context.nesting().child_of(template.id, &slot).is_some()
                || slot.written == "OS::Heat::ResourceGroup"
            {
                by_attribute.contains(name)
            } else {
                // Not a volume; R-589037 reports it.
                continue;
            };
            if !published {
                let how = if slot.written == VOLUME {
                    format!("{{get_resource: {name}}}")
                } else {
                    format!("{{get_attr: [{name}, ...]}}")
                };
                findings.report(
                    template.file,
                    slot.resource.span,
                    format!("resources.{name}"),
                    format!("no output publishes the volume UUID of `{name}` (`{how}`)"),
                );
            }
        }
    }
}
