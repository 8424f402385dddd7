//! R-67231: an environment's `resource_registry:` is inlined: each resource whose `type:`
//! the registry maps gets the mapped template's path (relative to its own template) or the
//! aliased type, and the section is deleted.
//!
//! The environment applies to its module and everything nested below it (an environment
//! no module is paired with applies to every module). Only plain mappings are inlined
//! (type → file, type → type); per-resource entries, globs, lists and disabled types get no
//! fix, and neither does a type whose templates another environment also maps or that a
//! module the environment does not apply to also reaches: there the meaning would change.

use crate::check::rules::onap;
use std::collections::{HashMap, HashSet, VecDeque};

use crate::input::yaml::Node;
use crate::model::hot::template::is_template_reference;
use crate::model::hot::{FileId, HotSet, ReferenceKind};

use crate::transform::fix::edit::Edit;
use crate::transform::fix::locate::{self, same_place};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::environment::r67231_no_resource_registry::RULE.meta],
    offer,
};

/// Longest alias chain followed (`OS::A: OS::B`, `OS::B: file.yaml`).
const MAX_ALIASES: usize = 8;

fn offer(request: &Request<'_, '_>) -> Offer {
    match inline(request) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => Offer::Unavailable(reason),
    }
}

/// Templates reachable from `roots` through nesting, the roots included.
fn reachable(set: &HotSet, roots: &[FileId]) -> HashSet<FileId> {
    let mut seen: HashSet<FileId> = roots.iter().copied().collect();
    let mut queue: VecDeque<FileId> = roots.iter().copied().collect();
    while let Some(id) = queue.pop_front() {
        for edge in set.nesting.iter().filter(|n| n.parent == id) {
            if seen.insert(edge.child) {
                queue.push_back(edge.child);
            }
        }
    }
    seen
}

/// A path to `target` as written from a template at `from` (both package-relative).
pub fn relative(from: &str, target: &str) -> String {
    let from_dir: Vec<&str> = from
        .split('/')
        .collect::<Vec<_>>()
        .split_last()
        .map_or(Vec::new(), |(_, d)| d.to_vec());
    let to: Vec<&str> = target.split('/').collect();
    let common = from_dir.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from_dir.len() - common];
    parts.extend(&to[common..]);
    parts.join("/")
}

fn inline(request: &Request<'_, '_>) -> Result<Fix, String> {
    let context = request.context;
    let set = context.set;
    let violation = request.violation;
    let env = locate::environment(context, &violation.file)
        .ok_or("the environment file could not be read")?;
    let (registry_key, registry) = env
        .root
        .key("resource_registry")
        .zip(env.root.get("resource_registry"))
        .ok_or("the registry could not be found")?;
    if !same_place(registry_key.span, violation.span) {
        return Err("the registry could not be found".to_owned());
    }
    // Type → what replaces it in `type:` (a package path to make relative, or a type).
    let mut mapped: HashMap<&str, Target> = HashMap::new();
    let entries = registry
        .as_map()
        .map(|m| m.iter().collect::<Vec<_>>())
        .unwrap_or_default();
    for (key, value) in &entries {
        if key.text == "resources" {
            return Err(
                "per-resource registry entries (`resources:`) cannot be inlined; move them by hand"
                    .to_owned(),
            );
        }
        if key.text.ends_with('*') {
            return Err(format!(
                "the glob `{}` cannot be inlined; name each type",
                key.text
            ));
        }
        let mut current: &Node = value;
        let mut steps = 0;
        let target = loop {
            let Some(text) = current.as_str().filter(|t| !t.is_empty()) else {
                return Err(format!(
                    "`{}` is not mapped to one template or type",
                    key.text
                ));
            };
            if is_template_reference(text) {
                let path = format!("resource_registry.{}", key.text);
                let file = set
                    .references
                    .iter()
                    .find(|r| {
                        r.from == env.id && r.kind == ReferenceKind::Registry && r.path == path
                    })
                    .and_then(|r| r.resolved.as_ref().ok().copied())
                    .ok_or_else(|| {
                        format!(
                            "`{}` maps to a template the package does not have",
                            key.text
                        )
                    })?;
                break Target::File(file);
            }
            match registry.get(text) {
                Some(next) if steps < MAX_ALIASES => {
                    current = next;
                    steps += 1;
                }
                Some(_) => {
                    return Err(format!(
                        "`{}` starts a chain of aliases too long to follow",
                        key.text
                    ));
                }
                None => break Target::Type(text.to_owned()),
            }
        };
        mapped.insert(key.text.as_str(), target);
    }
    // Which templates the environment applies to, and which modules reach each template.
    let paired_module = set.modules.iter().find(|m| m.env == Some(env.id));
    let applies_to: Vec<FileId> = match paired_module {
        Some(module) => vec![module.template],
        None => set.modules.iter().map(|m| m.template).collect(),
    };
    let in_scope = reachable(set, &applies_to);
    let mut edits: Vec<Edit> = Vec::new();
    let mut rewritten = 0usize;
    for template in context
        .templates
        .iter()
        .filter(|t| in_scope.contains(&t.id))
    {
        let slots: Vec<_> = template
            .type_slots()
            .into_iter()
            .filter(|s| mapped.contains_key(s.written))
            .collect();
        if slots.is_empty() {
            continue;
        }
        for module in &set.modules {
            if !applies_to.contains(&module.template)
                && reachable(set, &[module.template]).contains(&template.id)
            {
                return Err(format!(
                    "{} is also used by module {}, which this environment does not apply to",
                    template.path(),
                    set.files[module.template].path
                ));
            }
        }
        let layout = locate::layout(context, template.id).ok_or("a template is not UTF-8 text")?;
        for slot in slots {
            let others = context
                .environments
                .iter()
                .filter(|e| e.id != env.id)
                .any(|e| {
                    e.root
                        .get("resource_registry")
                        .and_then(|r| r.get(slot.written))
                        .is_some()
                });
            if others {
                return Err(format!("another environment also maps `{}`", slot.written));
            }
            let replacement = match &mapped[slot.written] {
                Target::File(file) => relative(template.path(), &set.files[*file].path),
                Target::Type(kind) => kind.clone(),
            };
            let span = slot.type_node.span;
            edits.push(layout.replace_scalar(span.start as usize, span.end as usize, &replacement));
            rewritten += 1;
        }
    }
    let env_layout =
        locate::layout(context, env.id).ok_or("the environment file is not UTF-8 text")?;
    let env_node = locate::root(set, env.id).ok_or("the environment file does not parse")?;
    edits.extend(
        env_layout
            .delete_entry(env_node, None, "resource_registry")
            .ok_or("the registry is not written in a layout vnfwiz edits")?,
    );
    let title = format!(
        "Inline the resource_registry of {} into {rewritten} resource type{} and delete it",
        env.file.path,
        if rewritten == 1 { "" } else { "s" }
    );
    Ok(Fix::new(violation.rule.id, title, Safety::Safe, edits))
}

/// What a mapped type becomes.
enum Target {
    File(FileId),
    Type(String),
}

#[cfg(test)]
mod tests {
    use super::relative;

    #[test]
    fn paths_relative_to_the_template() {
        assert_eq!(
            relative("base.yaml", "nested/server.yaml"),
            "nested/server.yaml"
        );
        assert_eq!(relative("nested/a.yaml", "nested/b.yaml"), "b.yaml");
        assert_eq!(relative("x/a.yaml", "y/b.yaml"), "../y/b.yaml");
    }
}
