//! Each module's environment file: the merged environment in effect, the operator's values,
//! and (plain Heat) one registry mapping per used type.

use std::collections::BTreeMap;

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, string};
use crate::model::hot::{FileId, env_path_for};

use super::super::resolve::{Implementation, ModuleComposition};
use super::{ComposedFile, ComposedRole, RegistryOutput, Writer};

impl Writer<'_, '_> {
    /// A module's environment: the merged environment in effect, its values for the module's
    /// parameters, and (in env mode) one registry mapping per used type.
    pub(super) fn environment(
        &self,
        module: FileId,
        values: &BTreeMap<String, Node>,
    ) -> ComposedFile {
        let set = self.composition.set;
        let name = env_path_for(&self.name(module));
        let composed = self.resolution.modules.iter().find(|m| m.module == module);
        let merged = composed.map(|m| &m.environment);
        let mut declared: Vec<&str> = set
            .template(module)
            .map(|t| t.parameters().map(|(k, _)| k.text.as_str()).collect())
            .unwrap_or_default();
        if let Some(added) = self.declarations.get(&module) {
            declared.extend(added.iter().map(|d| d.name.as_str()));
        }
        let inline = self.mode == RegistryOutput::Inline;
        let mut parameters: Vec<(String, Node)> = Vec::new();
        for name in declared {
            let value = values
                .get(name)
                .cloned()
                .or_else(|| {
                    merged
                        .and_then(|m| m.parameters.get(name))
                        .map(|v| v.node.clone())
                })
                .or_else(|| {
                    inline
                        .then(|| merged.and_then(|m| m.parameter_defaults.get(name)))
                        .flatten()
                        .map(|v| v.node.clone())
                })
                .or_else(|| {
                    inline
                        .then(|| self.lifted_defaults.get(name).cloned())
                        .flatten()
                });
            // A `null` answer clears the value: nothing is written.
            if let Some(value) = value.filter(|v| !v.is_null()) {
                parameters.push((name.to_owned(), value));
            }
        }
        let mut sections: Vec<(String, Node)> = vec![("parameters".to_owned(), map(parameters))];
        if let Some(merged) = merged {
            if !inline {
                // Nested templates read the operator's values through parameter_defaults.
                let mut defaults: BTreeMap<String, Node> = merged
                    .parameter_defaults
                    .iter()
                    .map(|(k, v)| (k.clone(), v.node.clone()))
                    .collect();
                let reached = composed.map(|m| m.templates.as_slice()).unwrap_or_default();
                for (name, value) in values {
                    let nested = reached.iter().any(|&t| {
                        t != module && set.template(t).is_some_and(|t| t.parameter(name).is_some())
                    });
                    if nested && !declared_by_module(set, module, name) {
                        defaults.insert(name.clone(), value.clone());
                    }
                }
                sections.push(("parameter_defaults".to_owned(), map(defaults)));
            }
            if !inline && let Some(registry) = composed.map(|m| self.registry(m, &name)) {
                sections.push(("resource_registry".to_owned(), registry));
            }
            for (section, value) in &merged.other {
                sections.push((section.clone(), value.clone()));
            }
        }
        let sections: Vec<(String, Node)> = sections
            .into_iter()
            .filter(|(k, v)| k == "parameters" || !v.is_blank())
            .collect();
        ComposedFile {
            path: name,
            bytes: crate::input::yaml::write::to_string(
                &map(sections),
                crate::model::hot::version::is_function_name,
            )
            .into_bytes(),
            role: ComposedRole::Environment,
            source: None,
        }
    }

    /// One mapping per type the module uses: the first implementation at the top, any other
    /// under `resources:` for the resource that needs it.
    fn registry(&self, module: &ModuleComposition, env_path: &str) -> Node {
        let set = self.composition.set;
        let mut top: Vec<(String, String)> = Vec::new();
        let mut per_resource: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        for used in &module.uses {
            let slot = &self.composition.slots[used.slot];
            if crate::model::hot::template::is_template_reference(&slot.written) {
                continue;
            }
            let target = match &used.implementation {
                Implementation::Template(f) => relative(env_path, &set.file(*f).path),
                Implementation::Builtin(t) if *t != slot.written => t.clone(),
                _ => continue,
            };
            match top.iter().find(|(k, _)| *k == slot.written) {
                None => top.push((slot.written.clone(), target)),
                Some((_, known)) if *known == target => {}
                Some(_) => {
                    let entries = per_resource.entry(slot.resource.clone()).or_default();
                    if !entries.iter().any(|(k, _)| *k == slot.written) {
                        entries.push((slot.written.clone(), target));
                    }
                }
            }
        }
        let mut entries: Vec<(String, Node)> =
            top.into_iter().map(|(k, v)| (k, string(v))).collect();
        if !per_resource.is_empty() {
            entries.push((
                "resources".to_owned(),
                map(per_resource.into_iter().map(|(resource, mappings)| {
                    (
                        resource,
                        map(mappings.into_iter().map(|(k, v)| (k, string(v)))),
                    )
                })),
            ));
        }
        map(entries)
    }
}

fn declared_by_module(set: &crate::model::hot::HotSet, module: FileId, name: &str) -> bool {
    set.template(module)
        .is_some_and(|t| t.parameter(name).is_some())
}

/// `to` (a package path) relative to the folder of `from`.
pub(super) fn relative(from: &str, to: &str) -> String {
    let from_dir: Vec<&str> = from.split('/').collect::<Vec<_>>();
    let from_dir = &from_dir[..from_dir.len().saturating_sub(1)];
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dir
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let mut parts: Vec<&str> = vec![".."; from_dir.len() - common];
    parts.extend(&to_parts[common..]);
    parts.join("/")
}
