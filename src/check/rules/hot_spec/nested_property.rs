//! R-92635/nested-property: a resource implemented by a nested template passes only
//! properties the nested template declares as parameters (the converse of R-11041).

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::lookalike::closest;
use crate::model::hot::template::TypeSlot;
use crate::model::hot::{FileId, Template};

/// A property the nested template has no parameter for.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/nested-property",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A resource implemented by a nested template (by path or resource_registry) \
                  passes only properties that template declares as parameters.",
        why: "Heat turns a nested template's parameters into the resource's property schema; a \
              property it does not declare fails the stack with \"Unknown Property\".",
        fix: "Declare the parameter in the nested template, or remove (or correct the name of) \
              the property.",
    },
    check: Check::Hot(check),
};

/// A resource (or group member definition) implemented by nested templates: its template,
/// the slot, and every template that may implement it (alternatives while a set is being
/// composed).
pub(super) struct NestedSlot<'c, 'a> {
    /// The calling template.
    pub parent: &'c Template<'a>,
    /// The resource's `type:` slot.
    pub slot: TypeSlot<'a>,
    /// The nested templates, each loaded as HOT.
    pub templates: Vec<&'c Template<'a>>,
}

/// Every slot implemented by nested templates that all loaded (one that did not is reported
/// elsewhere).
pub(super) fn nested_slots<'c, 'a>(context: &'c Context<'a>) -> Vec<NestedSlot<'c, 'a>> {
    let mut slots: Vec<(FileId, TypeSlot<'_>, Vec<FileId>)> = Vec::new();
    let mut index: HashMap<(FileId, u32), usize> = HashMap::new();
    for nested in &context.nesting().uses {
        let key = (nested.parent.id, nested.slot.type_node.span.start);
        let at = *index.entry(key).or_insert_with(|| {
            slots.push((nested.parent.id, nested.slot, Vec::new()));
            slots.len() - 1
        });
        slots[at].2.push(nested.child);
    }
    slots
        .into_iter()
        .filter_map(|(parent, slot, children)| {
            let templates: Option<Vec<_>> = children
                .iter()
                .map(|&c| context.template(c).filter(|t| t.is_hot()))
                .collect();
            Some(NestedSlot {
                parent: context.template(parent)?,
                slot,
                templates: templates?,
            })
        })
        .collect()
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    // A property is unknown only when none of the alternatives declares it.
    for NestedSlot {
        parent,
        slot,
        templates,
    } in nested_slots(context)
    {
        let Some(properties) = slot.properties() else {
            continue;
        };
        for (key, _) in properties.iter() {
            if templates.iter().any(|t| t.parameter(&key.text).is_some()) {
                continue;
            }
            let names = templates
                .iter()
                .flat_map(|t| t.parameters().map(|(name, _)| name.text.as_str()));
            let hint = closest(&key.text, names)
                .map(|name| format!("; did you mean `{name}`?"))
                .unwrap_or_default();
            let paths: Vec<&str> = templates.iter().map(|t| t.path()).collect();
            findings.report(
                parent.file,
                key.span,
                format!("{}.properties.{}", slot.owner(), key.text),
                format!(
                    "`{}` passes `{}`, which {} does not declare as a parameter{hint}",
                    slot.resource.text,
                    key.text,
                    paths.join(" or ")
                ),
            );
        }
    }
}
