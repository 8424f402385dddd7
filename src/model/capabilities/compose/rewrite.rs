//! The templates as written: composition sections dropped, each abstract type replaced by
//! its template's name (inline mode), lifted parameters passed and declared, `get_file`
//! paths following their artifacts.

use std::collections::BTreeMap;

use crate::foundation::diagnostics::Span;
use crate::input::source::path;
use crate::input::yaml::write::{map, node, string};
use crate::input::yaml::{Key, Mapping, Node, Value};
use crate::model::hot::{FileId, Role, TemplateKind};

use super::super::resolve::Implementation;
use super::{ComposedFile, ComposedRole, RegistryOutput, Writer};

impl Writer<'_, '_> {
    /// Writes every file.
    pub(super) fn write(&self, values: &BTreeMap<String, Node>) -> Vec<ComposedFile> {
        let set = self.composition.set;
        let mut files = Vec::new();
        let mut nested = Vec::new();
        for &template in &self.templates {
            let Some(bytes) = self.template_bytes(template) else {
                continue;
            };
            let role = match set.file(template).role {
                Role::Template(kind)
                    if kind != TemplateKind::Nested && self.is_module(template) =>
                {
                    ComposedRole::Module(kind)
                }
                _ => ComposedRole::Nested,
            };
            let file = ComposedFile {
                path: self.name(template),
                bytes,
                role,
                source: Some(template),
            };
            if role == ComposedRole::Nested {
                nested.push(file);
            } else {
                files.push(file);
                files.push(self.environment(template, values));
            }
        }
        files.extend(nested);
        for &artifact in &self.artifacts {
            files.push(ComposedFile {
                path: self.name(artifact),
                bytes: set.file(artifact).bytes.clone(),
                role: ComposedRole::Artifact,
                source: Some(artifact),
            });
        }
        files
    }

    /// A template's output: its bytes as read when nothing changes, else the rewritten tree.
    fn template_bytes(&self, template: FileId) -> Option<Vec<u8>> {
        let set = self.composition.set;
        let file = set.file(template);
        let mut root = file.document.as_ref()?.root.clone();
        let mut changed = false;
        let Some(top) = root.as_map_mut() else {
            return Some(file.bytes.clone());
        };
        for section in crate::model::hot::COMPOSITION_TEMPLATE_SECTIONS {
            changed |= top.remove(section).is_some();
        }
        for index in self.composition.slot_range(template) {
            let slot = &self.composition.slots[index];
            let new_type = match (self.mode, self.implementations.get(&index)) {
                (RegistryOutput::Inline, Some(Implementation::Template(child))) => {
                    Some(self.name(*child))
                }
                (RegistryOutput::Inline, Some(Implementation::Builtin(kind)))
                    if *kind != slot.written =>
                {
                    Some(kind.clone())
                }
                _ => None,
            };
            let passes = self.passes.get(&index).cloned().unwrap_or_default();
            if new_type.is_none() && passes.is_empty() {
                continue;
            }
            let Some(definition) = slot_definition(top, &slot.resource, slot.member_of) else {
                continue;
            };
            if let Some(new_type) = new_type
                && let Some(type_node) = definition.get_mut("type")
            {
                *type_node = string(new_type);
                changed = true;
            }
            if !passes.is_empty()
                && let Some(properties) = section_mut(definition, "properties", None)
            {
                for name in passes {
                    properties.insert(plain_key(&name), map([("get_param", string(name.clone()))]));
                }
                changed = true;
            }
        }
        if let Some(moved) = self.moved.get(&template)
            && let Some(parameters) = top.get_mut("parameters").and_then(Node::as_map_mut)
        {
            for name in moved {
                if let Some(definition) = parameters.get_mut(name).and_then(Node::as_map_mut) {
                    changed |= definition.remove("default").is_some();
                    changed |= definition.remove("constraints").is_some();
                }
            }
        }
        if let Some(declarations) = self.declarations.get(&template)
            && let Some(parameters) = section_mut(top, "parameters", Some("resources"))
        {
            for declaration in declarations {
                parameters.insert(plain_key(&declaration.name), declaration.definition.clone());
            }
            changed = true;
        }
        if self.mode == RegistryOutput::Inline {
            changed |= self.rewrite_get_files(template, &mut root);
        }
        Some(if changed {
            crate::input::yaml::write::to_string(
                &root,
                crate::model::hot::version::is_function_name,
            )
            .into_bytes()
        } else {
            file.bytes.clone()
        })
    }

    /// Points every `get_file` of a flattened template at its artifact's new name.
    fn rewrite_get_files(&self, template: FileId, root: &mut Node) -> bool {
        let set = self.composition.set;
        let from = set.file(template).path.clone();
        let mut changed = false;
        let mut stack: Vec<&mut Node> = vec![root];
        while let Some(current) = stack.pop() {
            match &mut current.value {
                Value::Map(m) if m.len() == 1 && m.get("get_file").is_some() => {
                    if let Some(argument) = m.get_mut("get_file")
                        && let Some(target) = argument.as_str()
                        && let Ok(resolved) = path::resolve(&from, target)
                        && let Some(id) = set.find(&resolved)
                        && let Some(name) = self.names.get(&id)
                        && name != target
                    {
                        *argument = string(name.clone());
                        changed = true;
                    }
                }
                Value::Map(m) => stack.extend(m.values_mut()),
                Value::Seq(items) => stack.extend(items.iter_mut()),
                _ => {}
            }
        }
        changed
    }
}

fn plain_key(text: &str) -> Key {
    Key {
        text: text.to_owned(),
        span: Span::default(),
    }
}

/// The mapping under `key` of `parent`, created when missing (before `before`, when given and
/// present, so a new `parameters:` lands ahead of `resources:`).
fn section_mut<'m>(
    parent: &'m mut Mapping,
    key: &str,
    before: Option<&str>,
) -> Option<&'m mut Mapping> {
    let present = parent.get(key).is_some_and(|n| n.as_map().is_some());
    if !present {
        let entries: Vec<(Key, Node)> =
            parent.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut rebuilt = Mapping::default();
        let mut placed = false;
        for (k, v) in entries {
            if k.text == key {
                continue;
            }
            if !placed && before.is_some_and(|b| k.text == b) {
                rebuilt.insert(plain_key(key), node(Value::Map(Mapping::default())));
                placed = true;
            }
            rebuilt.insert(k, v);
        }
        if !placed {
            rebuilt.insert(plain_key(key), node(Value::Map(Mapping::default())));
        }
        *parent = rebuilt;
    }
    parent.get_mut(key).and_then(Node::as_map_mut)
}

/// The definition holding a slot's `type:` (the resource, or a group's member definition).
fn slot_definition<'m>(
    top: &'m mut Mapping,
    resource: &str,
    member_of: Option<&str>,
) -> Option<&'m mut Mapping> {
    let definition = top
        .get_mut("resources")?
        .as_map_mut()?
        .get_mut(resource)?
        .as_map_mut()?;
    match member_of {
        None => Some(definition),
        Some(property) => definition
            .get_mut("properties")?
            .as_map_mut()?
            .get_mut(property)?
            .as_map_mut(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_created_before_resources() {
        let mut top = Mapping::default();
        top.insert(plain_key("heat_template_version"), string("2016-10-14"));
        top.insert(
            plain_key("resources"),
            map([("x", map([("type", string("T"))]))]),
        );
        section_mut(&mut top, "parameters", Some("resources"))
            .unwrap()
            .insert(plain_key("p"), map([("type", string("string"))]));
        let keys: Vec<&str> = top.iter().map(|(k, _)| k.text.as_str()).collect();
        assert_eq!(keys, ["heat_template_version", "parameters", "resources"]);
    }
}
