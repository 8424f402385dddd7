//! R-92635/attribute-reference: `get_attr` on a nested-template resource names one of the
//! nested template's outputs.

use std::collections::{HashMap, HashSet};

use crate::hot::FileId;
use crate::hot::functions::{Standing, standing};
use crate::hot::lookalike::closest;
use crate::report::Keyword;
use crate::rules::{Check, Context, Findings, Rule, RuleMeta};

/// Attributes every template resource has besides the nested template's outputs.
const STACK_ATTRIBUTES: [&str; 3] = ["OS::stack_id", "OS::stack_name", "show"];

/// Most output names listed in one message.
const MAX_LISTED: usize = 12;

/// An attribute a nested template does not provide.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/attribute-reference",
        keyword: Keyword::Must,
        section: "HOT specification / intrinsic functions",
        summary: "get_attr on a resource implemented by a nested template names one of that \
                  template's outputs (or OS::stack_id, OS::stack_name, show).",
        why: "A nested stack exposes exactly its outputs as attributes; any other name makes \
              Heat reject the parent template with an invalid attribute error.",
        fix: "Add the output to the nested template, or use the name of an existing output.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    // (parent template, resource) → nested templates that may implement it.
    let mut children: HashMap<(FileId, &str), Vec<FileId>> = HashMap::new();
    for edge in &context.set.nesting {
        children
            .entry((edge.parent, edge.resource.as_str()))
            .or_default()
            .push(edge.child);
    }
    // A group's attributes are the group's own (`refs`, `outputs`, …), not its members'.
    let groups: HashSet<(FileId, &str)> = context
        .templates
        .iter()
        .flat_map(|t| {
            t.type_slots()
                .into_iter()
                .filter(|slot| slot.member_of.is_some())
                .map(move |slot| (t.id, slot.resource.text.as_str()))
        })
        .collect();
    let mut outputs: HashMap<FileId, Option<HashSet<&str>>> = HashMap::new();
    for (template, calls) in context.templates_with_calls() {
        let Some(version) = template.version() else {
            continue;
        };
        for call in calls {
            if call.function() != "get_attr" || standing(call, version) != Standing::Valid {
                continue;
            }
            let Some(items) = call.args.as_seq() else {
                continue;
            };
            let (Some(resource), Some(attribute)) =
                (items.first().and_then(|n| n.as_str()), items.get(1))
            else {
                continue;
            };
            let Some(name) = attribute.as_str() else {
                continue;
            };
            if STACK_ATTRIBUTES.contains(&name) || name.starts_with("resource.") {
                continue;
            }
            let Some(nested) = children.get(&(template.id, resource)) else {
                continue;
            };
            if groups.contains(&(template.id, resource)) {
                continue;
            }
            let mut offered: Vec<&str> = Vec::new();
            let mut found = false;
            for child in nested {
                let names = outputs.entry(*child).or_insert_with(|| {
                    context
                        .set
                        .template(*child)
                        .filter(|t| t.is_hot())
                        .map(|t| t.outputs().map(|(k, _)| k.text.as_str()).collect())
                });
                // A nested template that did not load is reported elsewhere; trust the call.
                let Some(names) = names else {
                    found = true;
                    break;
                };
                if names.contains(name) {
                    found = true;
                    break;
                }
                offered.extend(names.iter().copied());
            }
            if found {
                continue;
            }
            let paths: Vec<&str> = nested
                .iter()
                .map(|&c| context.set.file(c).path.as_str())
                .collect();
            offered.sort_unstable();
            offered.dedup();
            // Bounded: a hint and a short list, however many outputs the templates have.
            let hint = (offered.len() <= MAX_LISTED * 10)
                .then(|| closest(name, offered.iter().copied()))
                .flatten()
                .map(|o| format!("did you mean `{o}`? "))
                .unwrap_or_default();
            let list = match offered.len() {
                0 => "it has no outputs".to_owned(),
                n if n <= MAX_LISTED => format!("its outputs are {}", offered.join(", ")),
                n => format!(
                    "its outputs include {}, … ({n} in all)",
                    offered[..MAX_LISTED].join(", ")
                ),
            };
            findings.report(
                template.file,
                attribute.span,
                call.path.clone(),
                format!(
                    "`{resource}` is the nested template {}, which has no output `{name}`; {hint}{list}",
                    paths.join(" or ")
                ),
            );
        }
    }
}
