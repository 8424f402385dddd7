//! R-92635/attribute-reference: `get_attr` names an attribute the resource has: one its Heat
//! or Contrail type declares, or an output of the nested template implementing it.

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::FileId;
use crate::model::hot::functions::{Standing, standing};
use crate::model::hot::implementations::Implementation;
use crate::model::hot::lookalike::closest;
use crate::model::hot::template::GROUPS;

/// Attributes every template resource has besides the nested template's outputs.
const STACK_ATTRIBUTES: [&str; 3] = ["OS::stack_id", "OS::stack_name", "show"];

/// Most names listed in one message.
const MAX_LISTED: usize = 12;

/// An attribute the resource does not have.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/attribute-reference",
        keyword: Keyword::Must,
        section: "HOT specification / intrinsic functions",
        summary: "get_attr names an attribute of the resource: one its Heat or Contrail type \
                  declares, or, for a resource implemented by a nested template, one of that \
                  template's outputs (or OS::stack_id, OS::stack_name, show).",
        why: "Heat checks every get_attr against the resource's attribute schema (a nested \
              stack's are exactly its outputs); any other name makes Heat reject the template \
              with an invalid attribute error.",
        fix: "Use one of the attributes the message lists, or add the output to the nested \
              template.",
    },
    check: Check::Hot(check),
};

/// The outputs of each nested template, read once (`None` when it did not load).
type Outputs<'a> = HashMap<FileId, Option<HashSet<&'a str>>>;

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let implementations = context.implementations();
    let mut outputs: Outputs<'_> = HashMap::new();
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
            let message = match implementations.of_resource(template.id, resource) {
                Some(Implementation::Heat(known)) => {
                    let own = known.resource_type;
                    if own.takes_anything() || own.attributes.contains_key(name) {
                        continue;
                    }
                    let written = template
                        .resource(resource)
                        .and_then(|r| r.get("type"))
                        .and_then(|t| t.as_str())
                        .unwrap_or(known.name);
                    // A group answers its members' attributes as lists.
                    if GROUPS.iter().any(|(group, _)| *group == known.name) {
                        if name.starts_with("resource.") {
                            continue;
                        }
                        match implementations.of_members(template.id, resource) {
                            Some(members) => {
                                match member_problem(context, &mut outputs, members, name) {
                                    Some(problem) => {
                                        format!(
                                            "`{resource}` is an {written} whose members {problem}"
                                        )
                                    }
                                    None => continue,
                                }
                            }
                            None => continue,
                        }
                    } else if own.custom_attributes {
                        continue;
                    } else {
                        let mut offered: Vec<&str> = own.attributes.keys().collect();
                        offered.sort_unstable();
                        format!(
                            "`{resource}` is an {written}, which has no attribute `{name}`{}; {}",
                            hint(name, &offered),
                            listed("its attributes", &offered)
                        )
                    }
                }
                Some(Implementation::Nested(children)) => {
                    match nested_problem(context, &mut outputs, children, name) {
                        Some(problem) => format!("`{resource}` is {problem}"),
                        None => continue,
                    }
                }
                _ => continue,
            };
            findings.report(template.file, attribute.span, call.path.clone(), message);
        }
    }
}

/// What is wrong with `name` for a group's members, when they cannot answer it.
fn member_problem<'a>(
    context: &Context<'a>,
    outputs: &mut Outputs<'a>,
    members: &Implementation,
    name: &str,
) -> Option<String> {
    match members {
        Implementation::Heat(known) => {
            let member = known.resource_type;
            if member.has_attribute(name) {
                return None;
            }
            let mut offered: Vec<&str> = member.attributes.keys().collect();
            offered.sort_unstable();
            Some(format!(
                "({}) have no attribute `{name}`{}; {}",
                known.name,
                hint(name, &offered),
                listed("their attributes", &offered)
            ))
        }
        Implementation::Nested(children) => {
            nested_problem(context, outputs, children, name).map(|p| format!("are {p}"))
        }
        _ => None,
    }
}

/// What is wrong with `name` for a resource implemented by `children`, when none of them has
/// it as an output.
fn nested_problem<'a>(
    context: &Context<'a>,
    outputs: &mut Outputs<'a>,
    children: &[FileId],
    name: &str,
) -> Option<String> {
    if STACK_ATTRIBUTES.contains(&name) || name.starts_with("resource.") {
        return None;
    }
    let mut offered: Vec<&str> = Vec::new();
    for child in children {
        let names = outputs.entry(*child).or_insert_with(|| {
            context
                .set
                .template(*child)
                .filter(|t| t.is_hot())
                .map(|t| t.outputs().map(|(k, _)| k.text.as_str()).collect())
        });
        // A nested template that did not load is reported elsewhere; trust the call.
        let names = names.as_ref()?;
        if names.contains(name) {
            return None;
        }
        offered.extend(names.iter().copied());
    }
    let paths: Vec<&str> = children
        .iter()
        .map(|&c| context.set.file(c).path.as_str())
        .collect();
    offered.sort_unstable();
    offered.dedup();
    Some(format!(
        "the nested template {}, which has no output `{name}`{}; {}",
        paths.join(" or "),
        hint(name, &offered),
        listed("its outputs", &offered)
    ))
}

/// " (did you mean …?)" when a name is close (bounded: only for short lists).
fn hint(name: &str, offered: &[&str]) -> String {
    (offered.len() <= MAX_LISTED * 10)
        .then(|| closest(name, offered.iter().copied()))
        .flatten()
        .map(|o| format!(" (did you mean `{o}`?)"))
        .unwrap_or_default()
}

/// The names on offer, shortened when there are many.
fn listed(what: &str, offered: &[&str]) -> String {
    match offered.len() {
        0 => format!("{what}: none"),
        n if n <= MAX_LISTED => format!("{what} are {}", offered.join(", ")),
        n => format!(
            "{what} include {}, … ({n} in all)",
            offered[..MAX_LISTED].join(", ")
        ),
    }
}
