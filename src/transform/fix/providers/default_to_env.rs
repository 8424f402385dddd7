//! R-90526 and R-26124: a parameter's `default` moves to where ONAP reads values.
//!
//! In a module template it goes to the module's environment file `parameters:` (the file or
//! the section is written when missing); when the environment already sets the parameter the
//! default is only deleted. In a nested template the default goes to the `properties:` of
//! each parent resource that does not pass the parameter (deleted when every parent does).
//! The value is copied as written (comments, quoting, block style), re-indented, and read
//! back to check it is the same value; a `parameter_defaults:` entry of the same name would
//! change which value wins, so such a parameter gets no fix.

use crate::check::rules::onap;
use crate::foundation::limits::YamlLimits;
use crate::input::yaml::write::flow_text;
use crate::input::yaml::{Key, Node, Syntax, Value, parse};
use crate::model::hot::{Template, TemplateKind, env_path_for};

use crate::transform::fix::edit::Edit;
use crate::transform::fix::environment::{
    Written, add_to_mapping, add_to_section, as_piece, value_after,
};
use crate::transform::fix::layout::Layout;
use crate::transform::fix::locate::{self, parameter_with_attribute, same_place};
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[
        &onap::parameters::r90526_no_default::RULE.meta,
        &onap::parameters::r26124_default_in_env::RULE.meta,
    ],
    offer,
};

fn unavailable(reason: impl Into<String>) -> Offer {
    Offer::Unavailable(reason.into())
}

/// Why the default cannot be moved.
fn refusal(reason: impl Into<String>) -> String {
    reason.into()
}

fn offer(request: &Request<'_, '_>) -> Offer {
    let violation = request.violation;
    let Some(template) = locate::template(request.context, &violation.file) else {
        return unavailable("the template could not be read");
    };
    let Some((name, definition)) = parameter_with_attribute(template, "default", violation.span)
    else {
        return unavailable("the default could not be found");
    };
    let Some(map) = definition.as_map() else {
        return unavailable("the parameter is not a mapping");
    };
    let (Some(default_key), Some(default)) = (map.key("default"), map.get("default")) else {
        return unavailable("the default could not be found");
    };
    let Some(layout) = locate::layout(request.context, template.id) else {
        return unavailable("the template is not UTF-8 text");
    };
    let Some(delete) = layout.delete_entry(definition, Some(name), "default") else {
        return unavailable("the default is not written in a layout vnfwiz edits");
    };
    let overridden = request.context.environments.iter().find(|e| {
        e.root
            .get("parameter_defaults")
            .and_then(|d| d.get(&name.text))
            .is_some()
    });
    let hidden = matches!(map.get("hidden").map(|h| &h.value), Some(Value::Bool(true)));
    let source = Source {
        layout: &layout,
        key: default_key,
        value: default,
        from: layout.indent_of(default_key.span.start as usize),
    };
    let mut fix = if template.kind == TemplateKind::Nested {
        match into_parents(request, template.id, &name.text, &source, delete) {
            Ok(fix) => fix,
            Err(reason) => return Offer::Unavailable(reason),
        }
    } else {
        if let Some(env) = overridden {
            return unavailable(format!(
                "`{}` is also set in `parameter_defaults:` of {}, which wins over the default; move that value to `parameters:` by hand",
                name.text, env.file.path
            ));
        }
        match into_environment(request, template.id, &name.text, &source, delete) {
            Ok(fix) => fix,
            Err(reason) => return Offer::Unavailable(reason),
        }
    };
    if hidden {
        fix.secrets.push(source.written_value());
    }
    Offer::Ready(fix)
}

/// Where the default is written.
struct Source<'a> {
    layout: &'a Layout<'a>,
    key: &'a Key,
    value: &'a Node,
    /// Column of the `default` key.
    from: usize,
}

impl Source<'_> {
    /// The value as written after `default:`, its later lines indented relative to the key.
    fn block(&self) -> Option<String> {
        let moved = self
            .layout
            .moved_value(self.key, self.value, self.from, 0)?;
        if self.layout.json {
            // JSON text is flow YAML: only a one-line value moves as written.
            return (!moved.contains('\n')).then_some(moved);
        }
        let comment = self
            .layout
            .trailing_comment(self.layout.content_end(self.value))
            .filter(|_| !moved.contains('\n'));
        Some(match comment {
            Some(comment) => format!("{moved}   {comment}"),
            None => moved,
        })
    }

    fn written_value(&self) -> String {
        let start = self.value.span.start as usize;
        let end = self.layout.content_end(self.value).max(start);
        self.layout.text[start..end].to_owned()
    }
}

/// Writes the value under `name` with `add`, checks it reads back as the default (as
/// written, else in flow form), and returns the edit.
fn checked_edit(
    source: &Source<'_>,
    target_file: &str,
    target_text: &str,
    path: &[&str],
    add: impl Fn(&Written) -> Option<(Edit, Option<String>)>,
) -> Option<(Edit, Option<String>)> {
    let flow = flow_text(source.value);
    for block in [source.block(), None] {
        let written = Written {
            block,
            flow: flow.clone(),
        };
        let Some((edit, claim)) = add(&written) else {
            continue;
        };
        if value_after(target_file, target_text, &edit, path)
            .is_some_and(|v| v.same_value(source.value))
        {
            return Some((edit, claim));
        }
    }
    None
}

fn into_environment(
    request: &Request<'_, '_>,
    template: usize,
    name: &str,
    source: &Source<'_>,
    delete: Vec<Edit>,
) -> Result<Fix, String> {
    let set = request.set();
    let path = &set.files[template].path;
    let module = set
        .modules
        .iter()
        .find(|m| m.template == template)
        .ok_or_else(|| refusal("the template is not a module"))?;
    let rule = request.violation.rule.id;
    match module.env {
        Some(env) => {
            let env_file = &set.files[env];
            let env_root = locate::root(set, env)
                .ok_or_else(|| refusal("the environment file does not parse"))?;
            if env_root
                .get("parameters")
                .and_then(|p| p.get(name))
                .is_some()
            {
                return Ok(Fix::new(
                    rule,
                    format!(
                        "Delete the default of `{name}`: {} already sets it",
                        env_file.path
                    ),
                    Safety::Safe,
                    delete,
                ));
            }
            let env_layout = locate::layout(request.context, env)
                .ok_or_else(|| refusal("the environment file is not UTF-8 text"))?;
            let (edit, claim) = checked_edit(
                source,
                &env_file.path,
                env_layout.text,
                &["parameters", name],
                |written| {
                    add_to_section(&env_layout, env_root, "parameters", name, written)
                        .map(|a| (a.edit, a.creates))
                },
            )
            .ok_or_else(|| {
                refusal(
                    "the environment file's `parameters:` is not written in a layout vnfwiz edits",
                )
            })?;
            let mut fix = Fix::new(
                rule,
                format!("Move the default of `{name}` to {}", env_file.path),
                Safety::Safe,
                delete,
            );
            fix.edits.push(edit);
            fix.claims.extend(claim);
            Ok(fix)
        }
        None => {
            let template = locate::template(request.context, path)
                .ok_or_else(|| refusal("the template could not be read"))?;
            new_environment(request, template, true)
        }
    }
}

/// A new environment file for module `template`, listing the value of every parameter
/// that has a default under `parameters:` (each copied as written, else in flow form, and
/// read back); with `move_defaults` the defaults are deleted from the template. Moving one
/// default alone would leave the others unlisted in an environment that now exists (R-26124).
pub(crate) fn new_environment(
    request: &Request<'_, '_>,
    template: &Template<'_>,
    move_defaults: bool,
) -> Result<Fix, String> {
    let set = request.set();
    let path = template.path();
    if set.manifest.is_some() {
        return Err(refusal(
            "MANIFEST.json decides which environment file goes with each module; add one there first",
        ));
    }
    let env_path = env_path_for(path);
    if set.find(&env_path).is_some() {
        return Err(refusal(format!(
            "{env_path} exists but is not an environment file"
        )));
    }
    let layout = locate::layout(request.context, template.id)
        .ok_or_else(|| refusal("the template is not UTF-8 text"))?;
    let mut sources: Vec<(&str, Source<'_>, bool)> = Vec::new();
    let mut deletions: Vec<Edit> = Vec::new();
    for (name, definition) in template.parameters() {
        let Some(map) = definition.as_map() else {
            continue;
        };
        let (Some(key), Some(value)) = (map.key("default"), map.get("default")) else {
            continue;
        };
        if let Some(env) = request.context.environments.iter().find(|e| {
            e.root
                .get("parameter_defaults")
                .and_then(|d| d.get(&name.text))
                .is_some()
        }) {
            return Err(refusal(format!(
                "`{}` is also set in `parameter_defaults:` of {}, which wins over the default; move that value to `parameters:` by hand",
                name.text, env.file.path
            )));
        }
        if move_defaults {
            deletions.extend(
                layout
                    .delete_entry(definition, Some(name), "default")
                    .ok_or_else(|| {
                        refusal(format!(
                            "the default of `{}` is not written in a layout vnfwiz edits",
                            name.text
                        ))
                    })?,
            );
        }
        let hidden = matches!(map.get("hidden").map(|h| &h.value), Some(Value::Bool(true)));
        let source = Source {
            layout: &layout,
            key,
            value,
            from: layout.indent_of(key.span.start as usize),
        };
        sources.push((name.text.as_str(), source, hidden));
    }
    let written = |as_written: &[bool]| -> String {
        let mut empty = Layout::new(&env_path, "", Syntax::Yaml);
        empty.eol = layout.eol;
        let mut text = format!("parameters:{}", layout.eol);
        if sources.is_empty() {
            text = format!("parameters: {{}}{}", layout.eol);
        }
        for ((name, source, _), keep) in sources.iter().zip(as_written) {
            let block = if *keep { source.block() } else { None };
            let piece = block.unwrap_or_else(|| format!(" {}", flow_text(source.value)));
            text.push_str(&empty.block_entry(2, &empty.key_text(name), as_piece(&piece)));
        }
        text
    };
    // Values that do not read back as written are written in flow form.
    let mut as_written = vec![true; sources.len()];
    let mut text = written(&as_written);
    for _ in 0..2 {
        let Ok(document) = parse(text.as_bytes(), &YamlLimits::default()) else {
            as_written.iter_mut().for_each(|k| *k = false);
            text = written(&as_written);
            continue;
        };
        let mut changed = false;
        for ((name, source, _), keep) in sources.iter().zip(as_written.iter_mut()) {
            let back = document.root.get("parameters").and_then(|p| p.get(name));
            if !back.is_some_and(|v| v.same_value(source.value)) && *keep {
                *keep = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        text = written(&as_written);
    }
    let document = parse(text.as_bytes(), &YamlLimits::default())
        .map_err(|_| refusal("the values cannot be written in a new environment file"))?;
    for (name, source, _) in &sources {
        let back = document.root.get("parameters").and_then(|p| p.get(name));
        if !back.is_some_and(|v| v.same_value(source.value)) {
            return Err(refusal(format!(
                "the default of `{name}` cannot be written in a new environment file"
            )));
        }
    }
    let names: Vec<String> = sources.iter().map(|(n, _, _)| format!("`{n}`")).collect();
    let title = match (move_defaults, names.len()) {
        (_, 0) => format!("Create {env_path} with an empty `parameters:` section"),
        (true, 1) => format!("Move the default of {} to a new {env_path}", names[0]),
        (true, _) => format!(
            "Move the defaults of {} to a new {env_path}",
            names.join(", ")
        ),
        (false, _) => format!(
            "Create {env_path} listing the defaults of {} under `parameters:`",
            names.join(", ")
        ),
    };
    let mut fix = Fix::new(request.violation.rule.id, title, Safety::Safe, deletions);
    fix.edits.push(Edit::insert(&env_path, 0, text));
    fix.claims.push(format!("file:{env_path}"));
    fix.secrets.extend(
        sources
            .iter()
            .filter(|(_, _, hidden)| *hidden)
            .map(|(_, source, _)| source.written_value()),
    );
    Ok(fix)
}

fn into_parents(
    request: &Request<'_, '_>,
    template: usize,
    name: &str,
    source: &Source<'_>,
    delete: Vec<Edit>,
) -> Result<Fix, String> {
    let set = request.set();
    let edges = locate::parent_edges(set, template);
    if edges.is_empty() {
        return Err(refusal(
            "no resource uses this nested template, so nothing passes its parameters",
        ));
    }
    if let Some(env) = request.context.environments.iter().find(|e| {
        e.root
            .get("parameter_defaults")
            .and_then(|d| d.get(name))
            .is_some()
    }) {
        return Err(refusal(format!(
            "`{name}` is also set in `parameter_defaults:` of {}, which wins over the default",
            env.file.path
        )));
    }
    let rule = request.violation.rule.id;
    let mut edits = delete;
    let mut parents: Vec<String> = Vec::new();
    for edge in edges {
        let parent = request
            .context
            .templates
            .iter()
            .find(|t| t.id == edge.parent)
            .ok_or_else(|| refusal("a parent template could not be read"))?;
        let slot = parent
            .type_slots()
            .into_iter()
            .find(|s| same_place(s.type_node.span, edge.span))
            .ok_or_else(|| refusal("the resource using the template could not be found"))?;
        let properties = slot
            .definition
            .as_map()
            .and_then(|m| Some((m.key("properties")?, m.get("properties")?)));
        let Some((key, node)) = properties else {
            return Err(refusal(format!(
                "resource `{}` of {} has no `properties:` to pass `{name}` in",
                edge.resource,
                parent.path()
            )));
        };
        if node.get(name).is_some() {
            continue;
        }
        let layout = locate::layout(request.context, parent.id)
            .ok_or_else(|| refusal("a parent template is not UTF-8 text"))?;
        let mut path: Vec<&str> = vec!["resources", &edge.resource];
        if let Some(group) = slot.member_of {
            path.extend(["properties", group]);
        }
        path.extend(["properties", name]);
        let (edit, _) = checked_edit(source, parent.path(), layout.text, &path, |written| {
            add_to_mapping(&layout, key, node, name, written).map(|e| (e, None))
        })
        .ok_or_else(|| {
            refusal(format!(
                "the properties of `{}` are not written in a layout vnfwiz edits",
                edge.resource
            ))
        })?;
        if edits.iter().any(|e| e.overlaps(&edit)) {
            return Err(refusal("two parents pass the parameter in the same place"));
        }
        edits.push(edit);
        parents.push(format!("`{}` ({})", edge.resource, parent.path()));
    }
    let title = if parents.is_empty() {
        format!("Delete the default of `{name}`: every resource using the template passes it")
    } else {
        format!(
            "Move the default of `{name}` into the properties of {}",
            parents.join(", ")
        )
    };
    Ok(Fix::new(rule, title, Safety::Safe, edits))
}
