//! Every place of a set that names a resource or a parameter, as scalars to rewrite when it
//! is renamed: `get_resource`, `get_attr` (and a parent's `resource.<name>` attribute path),
//! `depends_on`, `get_param`, `parameter_groups`, environment files and the properties a
//! parent resource passes to a nested template. Names are also checked for uniqueness.

use std::collections::HashSet;

use crate::check::rules::Context;
use crate::input::yaml::Node;
use crate::model::hot::functions::Call;
use crate::model::hot::{Template, TemplateKind};

use super::edit::Edit;
use super::locate;
use super::model::PathMove;

/// What a rename rewrites.
#[derive(Debug, Default)]
pub struct Rewrite {
    /// The edits, each once.
    pub edits: Vec<Edit>,
    /// Key paths that move.
    pub moves: Vec<PathMove>,
    /// Files touched besides the template.
    pub files: Vec<String>,
}

impl Rewrite {
    fn push(&mut self, edit: Edit) {
        if !self
            .edits
            .iter()
            .any(|e| e.file == edit.file && e.range == edit.range)
        {
            if !self.files.contains(&edit.file) {
                self.files.push(edit.file.clone());
            }
            self.edits.push(edit);
        }
    }
}

/// Why a rename is not offered.
pub type Refusal = String;

/// A name made of ASCII letters, digits and `_` from `name`: every other character becomes
/// `_`; an empty result becomes `fallback`.
pub fn plain_name(name: &str, fallback: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.trim_matches('_').is_empty() {
        fallback.to_owned()
    } else {
        cleaned
    }
}

/// `base`, or `base_2`, `base_3`, … : the first that `taken` does not hold.
pub fn unique(base: &str, taken: &HashSet<&str>) -> String {
    if !taken.contains(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}_{n}"))
        .find(|candidate| !taken.contains(candidate.as_str()))
        .unwrap_or_else(|| base.to_owned())
}

/// Every resource id of every template of the set.
pub fn resource_ids<'a>(context: &Context<'a>) -> HashSet<&'a str> {
    context
        .templates
        .iter()
        .flat_map(|t| t.resources().map(|(k, _)| k.text.as_str()))
        .collect()
}

fn calls_of<'c, 'a>(context: &'c Context<'a>, id: usize) -> &'c [Call<'a>] {
    context
        .templates_with_calls()
        .find(|(t, _)| t.id == id)
        .map_or(&[], |(_, calls)| calls)
}

/// Rewrites a scalar written at `node` in `file` to `new`, keeping its quotes.
fn rename_scalar(
    context: &Context<'_>,
    id: usize,
    node: &Node,
    new: &str,
    out: &mut Rewrite,
) -> Result<(), Refusal> {
    let layout = locate::layout(context, id).ok_or("a file is not UTF-8 text")?;
    out.push(layout.replace_scalar(node.span.start as usize, node.span.end as usize, new));
    Ok(())
}

/// Rewrites a mapping key.
fn rename_key(
    context: &Context<'_>,
    id: usize,
    key: &crate::input::yaml::Key,
    new: &str,
    out: &mut Rewrite,
) -> Result<(), Refusal> {
    let layout = locate::layout(context, id).ok_or("a file is not UTF-8 text")?;
    out.push(layout.replace_scalar(key.span.start as usize, key.span.end as usize, new));
    Ok(())
}

/// The key of entry `name` of a top-level section of `template`.
fn section_key<'a>(
    template: &Template<'a>,
    section: &str,
    name: &str,
) -> Option<&'a crate::input::yaml::Key> {
    template.root.get(section)?.as_map()?.key(name)
}

/// Renames resource `old` of `template` to `new` everywhere it is named.
pub fn rename_resource(
    context: &Context<'_>,
    template: &Template<'_>,
    old: &str,
    new: &str,
) -> Result<Rewrite, Refusal> {
    let set = context.set;
    let mut out = Rewrite::default();
    let key = section_key(template, "resources", old).ok_or("the resource could not be found")?;
    rename_key(context, template.id, key, new, &mut out)?;
    let parameter_named_too = template.parameter(old).is_some();
    for call in calls_of(context, template.id) {
        let first = || call.args.as_seq().and_then(|items| items.first());
        match call.function() {
            "get_resource" if call.args.as_str() == Some(old) => {
                rename_scalar(context, template.id, call.args, new, &mut out)?;
            }
            "get_attr" | "Fn::GetAtt" => {
                if let Some(item) = first().filter(|i| i.as_str() == Some(old)) {
                    rename_scalar(context, template.id, item, new, &mut out)?;
                }
            }
            "Ref" if call.args.as_str() == Some(old) => {
                if parameter_named_too {
                    return Err(format!(
                        "`Ref: {old}` could name the parameter or the resource"
                    ));
                }
                rename_scalar(context, template.id, call.args, new, &mut out)?;
            }
            _ => {}
        }
    }
    for (_, resource) in template.resources() {
        let Some(depends) = resource.get("depends_on") else {
            continue;
        };
        match depends.as_seq() {
            Some(items) => {
                for item in items.iter().filter(|i| i.as_str() == Some(old)) {
                    rename_scalar(context, template.id, item, new, &mut out)?;
                }
            }
            None if depends.as_str() == Some(old) => {
                rename_scalar(context, template.id, depends, new, &mut out)?;
            }
            None => {}
        }
    }
    // A parent reading an attribute of this resource through the nested stack.
    for edge in locate::parent_edges(set, template.id) {
        for call in calls_of(context, edge.parent) {
            if call.function() != "get_attr" {
                continue;
            }
            let Some(items) = call.args.as_seq() else {
                continue;
            };
            if items.first().and_then(Node::as_str) != Some(edge.resource.as_str()) {
                continue;
            }
            let Some(path) = items.get(1) else { continue };
            let Some(text) = path.as_str() else { continue };
            let Some(rest) = text
                .strip_prefix("resource.")
                .and_then(|r| r.strip_prefix(old))
            else {
                continue;
            };
            if rest.is_empty() || rest.starts_with('.') {
                rename_scalar(
                    context,
                    edge.parent,
                    path,
                    &format!("resource.{new}{rest}"),
                    &mut out,
                )?;
            }
        }
    }
    for env in &context.environments {
        let per_resource = env
            .root
            .get("resource_registry")
            .and_then(|r| r.get("resources"))
            .and_then(|r| r.get(old));
        if per_resource.is_some() {
            return Err(format!(
                "{} maps resource `{old}` in `resource_registry: resources:`; rename it there by hand",
                env.file.path
            ));
        }
    }
    out.moves.push(PathMove {
        file: template.path().to_owned(),
        from: format!("resources.{old}"),
        to: format!("resources.{new}"),
    });
    Ok(out)
}

/// Renames parameter `old` of `template` to `new` everywhere it is named.
pub fn rename_parameter(
    context: &Context<'_>,
    template: &Template<'_>,
    old: &str,
    new: &str,
) -> Result<Rewrite, Refusal> {
    let set = context.set;
    let mut out = Rewrite::default();
    let key = section_key(template, "parameters", old).ok_or("the parameter could not be found")?;
    rename_key(context, template.id, key, new, &mut out)?;
    let resource_named_too = template.resource(old).is_some();
    for call in calls_of(context, template.id) {
        match call.function() {
            "get_param" => match call.args.as_seq() {
                Some(items) => match items.first() {
                    Some(first) if first.as_str() == Some(old) => {
                        rename_scalar(context, template.id, first, new, &mut out)?;
                    }
                    Some(first) if first.as_str().is_none() => {
                        return Err("a `get_param` computes its parameter name; vnfwiz cannot tell whether it reads this one".to_owned());
                    }
                    _ => {}
                },
                None if call.args.as_str() == Some(old) => {
                    rename_scalar(context, template.id, call.args, new, &mut out)?;
                }
                None if call.args.as_str().is_none() => {
                    return Err("a `get_param` computes its parameter name; vnfwiz cannot tell whether it reads this one".to_owned());
                }
                None => {}
            },
            "Ref" if call.args.as_str() == Some(old) => {
                if resource_named_too {
                    return Err(format!(
                        "`Ref: {old}` could name the parameter or the resource"
                    ));
                }
                rename_scalar(context, template.id, call.args, new, &mut out)?;
            }
            _ => {}
        }
    }
    if let Some(groups) = template.root.get("parameter_groups").and_then(Node::as_seq) {
        for group in groups {
            for item in group
                .get("parameters")
                .and_then(Node::as_seq)
                .into_iter()
                .flatten()
                .filter(|i| i.as_str() == Some(old))
            {
                rename_scalar(context, template.id, item, new, &mut out)?;
            }
        }
    }
    out.moves.push(PathMove {
        file: template.path().to_owned(),
        from: format!("parameters.{old}"),
        to: format!("parameters.{new}"),
    });
    // Values given in environment files.
    let declared_elsewhere = context
        .templates
        .iter()
        .any(|t| t.id != template.id && t.parameter(old).is_some());
    let module = set.modules.iter().find(|m| m.template == template.id);
    let paired: HashSet<usize> = set.modules.iter().filter_map(|m| m.env).collect();
    for env in &context.environments {
        let own = module.and_then(|m| m.env) == Some(env.id);
        let shared = !paired.contains(&env.id);
        for section in ["parameters", "parameter_defaults"] {
            let Some(key) = env
                .root
                .get(section)
                .and_then(Node::as_map)
                .and_then(|m| m.key(old))
            else {
                continue;
            };
            // A module's own `parameters:` is its alone; other values may feed other templates.
            let applies = (own && section == "parameters")
                || (module.is_some() && shared && section == "parameters")
                || section == "parameter_defaults";
            if !applies {
                continue;
            }
            if declared_elsewhere && !(own && section == "parameters") {
                return Err(format!(
                    "{} sets `{old}` in `{section}:`, which other templates also declare",
                    env.file.path
                ));
            }
            rename_key(context, env.id, key, new, &mut out)?;
            out.moves.push(PathMove {
                file: env.file.path.clone(),
                from: format!("{section}.{old}"),
                to: format!("{section}.{new}"),
            });
        }
    }
    // Properties a parent passes to this nested template.
    if template.kind == TemplateKind::Nested {
        for (edge, parent, slot) in locate::parent_slots(context, template)? {
            let Some(key) = slot.properties().and_then(|p| p.key(old)) else {
                continue;
            };
            rename_key(context, parent.id, key, new, &mut out)?;
            let base = match slot.member_of {
                Some(group) => format!("resources.{}.properties.{group}.properties", edge.resource),
                None => format!("resources.{}.properties", edge.resource),
            };
            out.moves.push(PathMove {
                file: parent.path().to_owned(),
                from: format!("{base}.{old}"),
                to: format!("{base}.{new}"),
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_unique_names() {
        assert_eq!(plain_name("vfw-server.0", "resource"), "vfw_server_0");
        assert_eq!(plain_name("--", "resource"), "resource");
        assert_eq!(plain_name("sérveur", "resource"), "s_rveur");
        let taken: HashSet<&str> = ["a", "a_2"].into_iter().collect();
        assert_eq!(unique("a", &taken), "a_3");
        assert_eq!(unique("b", &taken), "b");
    }
}
