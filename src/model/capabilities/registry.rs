//! An environment's `resource_registry` read into typed entries: Heat's own forms (a template
//! file, a type alias, null, trailing-`*` globs, the per-resource `resources:` map) and the
//! capabilities spec's list of candidate templates.

use std::collections::HashMap;

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Node, Value};
use crate::model::hot::template::is_template_reference;
use crate::model::hot::{Environment, FileId, HotSet, ReferenceKind};

use super::problem::{Problem, ProblemKind};

/// What a registry value leads to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A template file: as written, and the file of the set it resolves to.
    Template {
        /// The reference as written in the environment.
        written: String,
        /// The file it leads to, when it is in the package.
        file: Option<FileId>,
    },
    /// Another resource type (`OS::Heat::None`, `OS::Heat::StructuredDeployment`).
    Alias(String),
}

impl Target {
    /// How the target is shown: the package path of a loaded template, else as written.
    pub fn label(&self, set: &HotSet) -> String {
        match self {
            Target::Template {
                file: Some(file), ..
            } => set.file(*file).path.clone(),
            Target::Template { written, .. } | Target::Alias(written) => written.clone(),
        }
    }
}

/// A registry value.
#[derive(Clone, Debug, PartialEq)]
pub enum RegistryValue {
    /// One implementation.
    One(Target, Span),
    /// The capabilities spec's list of candidate templates.
    Candidates(Vec<(Target, Span)>),
    /// `null`: back to Heat's own implementation of the type.
    Unset,
}

/// One `type: value` entry of a registry.
#[derive(Clone, Debug, PartialEq)]
pub struct RegistryEntry {
    /// The environment file.
    pub env: FileId,
    /// The type name or trailing-`*` glob.
    pub key: String,
    /// Where the key is written.
    pub key_span: Span,
    /// The value.
    pub value: RegistryValue,
    /// The resource name (or glob) of a per-resource entry under `resources:`.
    pub resource: Option<String>,
}

impl RegistryEntry {
    /// The entry's key path in its file.
    pub fn path(&self) -> String {
        match &self.resource {
            Some(resource) => format!("resource_registry.resources.{resource}.{}", self.key),
            None => format!("resource_registry.{}", self.key),
        }
    }
}

/// Keys of a per-resource entry that are not resource types.
const RESOURCE_SETTINGS: [&str; 2] = ["hooks", "restricted_actions"];

/// The loader's resolution of every registry reference: `(env, key path)` → file.
pub type RegistryFiles = HashMap<(FileId, String), FileId>;

/// Indexes the loader's registry references once per set.
pub fn registry_files(set: &HotSet) -> RegistryFiles {
    set.references
        .iter()
        .filter(|r| r.kind == ReferenceKind::Registry)
        .filter_map(|r| Some(((r.from, r.path.clone()), *r.resolved.as_ref().ok()?)))
        .collect()
}

/// Reads the entries of one environment's registry; values Heat (or composition) cannot use
/// become problems. Lists are problems outside a set being composed.
pub fn read(
    env: &Environment<'_>,
    files: &RegistryFiles,
    composing: bool,
    problems: &mut Vec<Problem>,
) -> Vec<RegistryEntry> {
    let mut reader = Reader {
        env: env.id,
        files,
        composing,
        problems,
        entries: Vec::new(),
    };
    for (key, value) in env.registry() {
        if key.text == "resources" {
            let Some(resources) = value.as_map() else {
                if !value.is_null() {
                    reader.problem(
                        value.span,
                        "resource_registry.resources".to_owned(),
                        format!(
                            "`resources:` maps resource names to their own registries, not {}",
                            value.kind()
                        ),
                    );
                }
                continue;
            };
            for (resource, overrides) in resources.iter() {
                reader.resource(&resource.text, overrides);
            }
            continue;
        }
        reader.entry(&key.text, key.span, value, None);
    }
    reader.entries
}

struct Reader<'r> {
    env: FileId,
    files: &'r RegistryFiles,
    composing: bool,
    problems: &'r mut Vec<Problem>,
    entries: Vec<RegistryEntry>,
}

impl Reader<'_> {
    fn problem(&mut self, span: Span, path: String, message: String) {
        self.problems.push(Problem {
            kind: ProblemKind::Registry,
            file: self.env,
            span,
            path,
            message,
        });
    }

    fn resource(&mut self, resource: &str, overrides: &Node) {
        let Some(map) = overrides.as_map() else {
            return;
        };
        for (key, value) in map.iter() {
            if RESOURCE_SETTINGS.contains(&key.text.as_str()) {
                continue;
            }
            self.entry(&key.text, key.span, value, Some(resource));
        }
    }

    fn target(&self, path: &str, text: &str) -> Target {
        if is_template_reference(text) {
            Target::Template {
                written: text.to_owned(),
                file: self.files.get(&(self.env, path.to_owned())).copied(),
            }
        } else {
            Target::Alias(text.to_owned())
        }
    }

    fn entry(&mut self, key: &str, key_span: Span, value: &Node, resource: Option<&str>) {
        let path = match resource {
            Some(r) => format!("resource_registry.resources.{r}.{key}"),
            None => format!("resource_registry.{key}"),
        };
        let parsed = match &value.value {
            Value::Null => RegistryValue::Unset,
            Value::Str(text) if text.trim().is_empty() => {
                self.problem(
                    value.span,
                    path,
                    format!("`{key}` maps to an empty name; give a template file, a type or null"),
                );
                return;
            }
            Value::Str(text) => RegistryValue::One(self.target(&path, text), value.span),
            Value::Seq(items) => match self.candidates(&path, key, items, value.span, resource) {
                Some(list) => RegistryValue::Candidates(list),
                None => return,
            },
            _ => {
                self.problem(
                    value.span,
                    path,
                    format!(
                        "`{key}` maps to {}; a registry value is a template file, a resource \
                         type or null",
                        value.kind()
                    ),
                );
                return;
            }
        };
        self.entries.push(RegistryEntry {
            env: self.env,
            key: key.to_owned(),
            key_span,
            value: parsed,
            resource: resource.map(str::to_owned),
        });
    }

    /// The candidates of a list, or `None` (with a problem) when the list cannot be used.
    fn candidates(
        &mut self,
        path: &str,
        key: &str,
        items: &[Node],
        span: Span,
        resource: Option<&str>,
    ) -> Option<Vec<(Target, Span)>> {
        if !self.composing {
            self.problem(
                span,
                path.to_owned(),
                format!(
                    "`{key}` lists several implementations; Heat reads one per type. Choose one \
                     (`vnfwiz onboard --choose {key}=<template>`) and map the type to it"
                ),
            );
            return None;
        }
        if resource.is_some() {
            self.problem(
                span,
                path.to_owned(),
                "lists of candidate templates are read at the top level of `resource_registry`, \
                 not under `resources:`; move the list up or map this resource to one template"
                    .to_owned(),
            );
            return None;
        }
        if items.is_empty() {
            self.problem(
                span,
                path.to_owned(),
                format!("`{key}` lists no candidate template"),
            );
            return None;
        }
        let mut list = Vec::with_capacity(items.len());
        let mut usable = true;
        for (i, item) in items.iter().enumerate() {
            match item.as_str() {
                Some(text) if is_template_reference(text) => {
                    list.push((self.target(&format!("{path}.{i}"), text), item.span));
                }
                _ => {
                    usable = false;
                    self.problem(
                        item.span,
                        format!("{path}.{i}"),
                        format!(
                            "a list of candidates names template files (`puppet/controller.yaml`); \
                             this item is {}",
                            describe(item)
                        ),
                    );
                }
            }
        }
        usable.then_some(list)
    }
}

fn describe(item: &Node) -> String {
    match item.as_str() {
        Some(text) => format!("the resource type `{text}`"),
        None => item.kind().to_owned(),
    }
}

/// The type an alias leads to: a glob alias (`OS::Quantum*: OS::Neutron*`) keeps the rest of
/// the name.
pub fn alias_target(key: &str, alias: &str, resource_type: &str) -> String {
    match (key.strip_suffix('*'), alias.strip_suffix('*')) {
        (Some(prefix), Some(replacement)) => {
            format!(
                "{replacement}{}",
                &resource_type[prefix.len().min(resource_type.len())..]
            )
        }
        _ => alias.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_aliases_keep_the_rest_of_the_name() {
        assert_eq!(
            alias_target("OS::Quantum*", "OS::Neutron*", "OS::Quantum::Net"),
            "OS::Neutron::Net"
        );
        assert_eq!(
            alias_target("OS::X", "OS::Heat::None", "OS::X"),
            "OS::Heat::None"
        );
    }
}
