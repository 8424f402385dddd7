//! R-90279: a parameter nothing reads is removed: its declaration, its `parameter_groups`
//! entries, its value in the module's environment `parameters:` (Heat refuses values for
//! parameters a template does not declare) and, for a nested template, the property each
//! parent resource passes for it. Not offered when the parameter is read in `conditions:`
//! or the template computes parameter names. For review: the operator may have meant to
//! read it.

use crate::check::rules::onap;
use crate::input::yaml::Node;
use crate::model::hot::TemplateKind;
use crate::model::hot::usage::ParameterUsage;

use crate::transform::fix::edit::Edit;
use crate::transform::fix::locate::{self, entry_at};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&onap::parameters::r90279_parameter_used::RULE.meta],
    offer,
};

fn unavailable(reason: impl Into<String>) -> Offer {
    Offer::Unavailable(reason.into())
}

fn offer(request: &Request<'_, '_>) -> Offer {
    match removal(request) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => unavailable(reason),
    }
}

fn removal(request: &Request<'_, '_>) -> Result<Fix, String> {
    let context = request.context;
    let set = context.set;
    let violation = request.violation;
    let (template, calls) = context
        .templates_with_calls()
        .find(|(t, _)| t.path() == violation.file)
        .ok_or("the template could not be read")?;
    let (key, _) = entry_at(template, "parameters", violation.span)
        .ok_or("the parameter could not be found")?;
    let name = key.text.as_str();
    let usage = ParameterUsage::of(calls);
    if !usage.uses(name).is_empty() {
        return Err(format!(
            "`{name}` is read in `conditions:`; removing it would break the condition"
        ));
    }
    let computed = calls.iter().any(|c| {
        c.function() == "get_param"
            && match c.args.as_seq() {
                Some(items) => items.first().is_some_and(|f| f.as_str().is_none()),
                None => c.args.as_str().is_none(),
            }
    });
    if computed {
        return Err("a `get_param` computes its parameter name; vnfwiz cannot tell whether it reads this one".to_owned());
    }
    let layout = locate::layout(context, template.id).ok_or("the template is not UTF-8 text")?;
    let (section_key, section) = template
        .section("parameters")
        .ok_or("the template has no parameters")?;
    let mut edits: Vec<Edit> = layout
        .delete_entry(section, Some(section_key), name)
        .ok_or("the parameter is not written in a layout vnfwiz edits")?;
    if let Some(groups) = template.root.get("parameter_groups").and_then(Node::as_seq) {
        for group in groups {
            let Some(map) = group.as_map() else { continue };
            let (Some(list_key), Some(list)) = (map.key("parameters"), map.get("parameters"))
            else {
                continue;
            };
            let Some(items) = list.as_seq() else { continue };
            for (index, _) in items
                .iter()
                .enumerate()
                .filter(|(_, i)| i.as_str() == Some(name))
            {
                edits.extend(
                    layout
                        .delete_item(list, Some(list_key), index)
                        .ok_or("a parameter group is not written in a layout vnfwiz edits")?,
                );
            }
        }
    }
    let mut places: Vec<String> = Vec::new();
    if let Some(env) = set
        .modules
        .iter()
        .find(|m| m.template == template.id)
        .and_then(|m| m.env)
    {
        let env_root = locate::root(set, env).ok_or("the environment file does not parse")?;
        if let (Some(map), Some(env_key)) = (
            env_root.as_map(),
            env_root.as_map().and_then(|m| m.key("parameters")),
        ) && let Some(values) = map.get("parameters")
            && values.get(name).is_some()
        {
            let env_layout =
                locate::layout(context, env).ok_or("the environment file is not UTF-8 text")?;
            edits.extend(
                env_layout
                    .delete_entry(values, Some(env_key), name)
                    .ok_or("the environment file is not written in a layout vnfwiz edits")?,
            );
            places.push(set.files[env].path.clone());
        }
    }
    if template.kind == TemplateKind::Nested {
        for (edge, parent, slot) in locate::parent_slots(context, template)? {
            let Some(map) = slot.definition.as_map() else {
                continue;
            };
            let (Some(props_key), Some(props)) = (map.key("properties"), map.get("properties"))
            else {
                continue;
            };
            if props.get(name).is_none() {
                continue;
            }
            let parent_layout =
                locate::layout(context, parent.id).ok_or("a parent template is not UTF-8 text")?;
            let removed = parent_layout
                .delete_entry(props, Some(props_key), name)
                .ok_or("a parent's properties are not written in a layout vnfwiz edits")?;
            if removed.iter().any(|r| edits.iter().any(|e| e.overlaps(r))) {
                return Err("two places passing the parameter overlap".to_owned());
            }
            edits.extend(removed);
            places.push(format!("`{}` in {}", edge.resource, parent.path()));
        }
    }
    let title = if places.is_empty() {
        format!("Remove unused parameter `{name}`")
    } else {
        format!(
            "Remove unused parameter `{name}` and its value in {}",
            places.join(", ")
        )
    };
    Ok(Fix::new(violation.rule.id, title, Safety::Review, edits))
}
