//! R-589037: a volume module's resources are `OS::Cinder::Volume`s, resource groups whose
//! member is a nested file of only `OS::Cinder::Volume`s, or resources whose type is such a
//! nested file.
//!
//! Read as written: a resource group whose member is `OS::Cinder::Volume` itself is not one
//! of the three forms. A nested file that could not be loaded is left to the loader's
//! findings.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::template::{Template, TypeSlot, is_template_reference};
use crate::model::hot::{FileId, TemplateKind};

/// A resource a volume module may not hold.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-589037",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Cinder Volume Modules",
        summary: "A volume module holds only `OS::Cinder::Volume` resources, either directly, \
                  through an `OS::Heat::ResourceGroup` of a nested file, or through a nested \
                  file, the nested file holding only `OS::Cinder::Volume` resources.",
        why: "ONAP manages a volume module as a volume group whose lifetime outlasts the \
              servers; any other resource in it (a port, a server, an attachment) would \
              survive the module it belongs to or be deleted with the volumes.",
        fix: "Move every resource other than the volumes to the base or incremental module the \
              volume module supports; keep `OS::Cinder::Volume` resources, or a group or nested \
              file that creates only them.",
    },
    check: Check::Hot(check),
};

const VOLUME: &str = "OS::Cinder::Volume";
const GROUP: &str = "OS::Heat::ResourceGroup";

/// The resources of a nested file that are not volumes, as (resource, type) pairs.
fn non_volumes<'a>(
    nested: &Template<'a>,
) -> Vec<(&'a crate::input::yaml::Key, &'a crate::input::yaml::Node)> {
    nested
        .type_slots()
        .into_iter()
        .filter(|slot| slot.member_of.is_none() && slot.written != VOLUME)
        .map(|slot| (slot.resource, slot.type_node))
        .collect()
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        if template.kind != TemplateKind::Volume {
            continue;
        }
        let slots = template.type_slots();
        for (i, slot) in slots.iter().enumerate() {
            if slot.member_of.is_some() {
                continue;
            }
            let member = slots
                .get(i + 1)
                .filter(|m| m.member_of.is_some() && m.resource.span == slot.resource.span);
            let (calling, form): (&TypeSlot<'_>, &str) = match slot.written {
                VOLUME => continue,
                GROUP => match member {
                    Some(member) => (member, "the group's member"),
                    None => continue,
                },
                _ => (slot, "the nested file"),
            };
            let Some(child) = context.nesting().child_of(template.id, calling) else {
                if is_template_reference(calling.written) {
                    // A nested file that did not load; the loader's findings say why.
                    continue;
                }
                let what = if slot.written == GROUP {
                    format!(
                        "resource group `{}` creates `{}`, not a nested file of volumes",
                        slot.resource.text, calling.written
                    )
                } else {
                    format!(
                        "resource `{}` has type `{}`; a volume module holds only volumes",
                        slot.resource.text, slot.written
                    )
                };
                findings.report(template.file, calling.type_node.span, calling.path(), what);
                continue;
            };
            report_nested(context, findings, template, calling, child, form);
        }
    }
}

/// Reports a nested file of a volume module that holds more than volumes.
fn report_nested(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    template: &Template<'_>,
    calling: &TypeSlot<'_>,
    child: FileId,
    form: &str,
) {
    let Some(nested) = context.template(child) else {
        return;
    };
    let others = non_volumes(nested);
    if others.is_empty() {
        return;
    }
    let violation = findings.report(
        template.file,
        calling.type_node.span,
        calling.path(),
        format!(
            "{form} `{}` holds {} resource(s) other than `{VOLUME}`",
            calling.written,
            others.len()
        ),
    );
    for (name, kind) in others.into_iter().take(24) {
        violation.also(
            nested.path(),
            kind.span,
            format!(
                "`{}` has type `{}`",
                name.text,
                kind.as_str().unwrap_or("(no type)")
            ),
        );
    }
}
