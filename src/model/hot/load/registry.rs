//! Environment `resource_registry` mappings: the files they name and the nesting they add.

use foldhash::{HashMap, HashMapExt};

use crate::foundation::diagnostics::Span;
use crate::input::source::path;
use crate::input::yaml::{Mapping, Node};

use super::super::path_error::ReferenceError;
use super::super::set::{FileId, HotSet, Nesting, ReferenceKind, Role, TemplateKind};
use super::super::template::{Environment, Template, is_template_reference};
use super::Loader;

impl Loader<'_> {
    pub(super) fn registry_references(&mut self, id: FileId) {
        let Some(env) = self.set.environment(id) else {
            return;
        };
        let from = env.file.path.clone();
        let targets: Vec<(String, String, Span)> = registry_files(&env);
        for (key_path, reference, span) in targets {
            let resolved = path::resolve(&from, &reference)
                .map_err(ReferenceError::from)
                .and_then(|target| self.open(&target, Role::Template(TemplateKind::Nested)));
            self.record(
                id,
                span,
                key_path,
                ReferenceKind::Registry,
                &reference,
                resolved,
            );
        }
    }

    /// Adds nesting edges for resources whose type an env registry maps to a template.
    pub(super) fn link_registry(&mut self, modules: &[FileId], unpaired_envs: &[FileId]) {
        let mut mappings: Vec<(FileId, String, FileId, Span)> = Vec::new();
        for reference in &self.set.references {
            if reference.kind != ReferenceKind::Registry {
                continue;
            }
            let Ok(target) = reference.resolved else {
                continue;
            };
            // The registry key is the second-to-last path step (`resource_registry.<type>`).
            let key = registry_key(&reference.path);
            mappings.push((reference.from, key, target, reference.span));
        }
        let implementers = self.implementers();
        if mappings.is_empty() && implementers.is_empty() {
            return;
        }
        let envs_of = |template: FileId, set: &HotSet| -> Vec<FileId> {
            let mut envs: Vec<FileId> = set
                .modules
                .iter()
                .filter(|m| m.template == template)
                .filter_map(|m| m.env)
                .collect();
            envs.extend_from_slice(unpaired_envs);
            envs
        };
        // Module templates use their own env and every unpaired env; nested templates use
        // the envs of every module (Heat passes the environment down).
        let all_envs: Vec<FileId> = {
            let mut all: Vec<FileId> = self.set.modules.iter().filter_map(|m| m.env).collect();
            all.extend_from_slice(unpaired_envs);
            all
        };
        // Exact keys by type; glob keys (`OS::TripleO::*`) are few and scanned.
        let mut exact: HashMap<&str, Vec<(FileId, FileId)>> = HashMap::new();
        let mut globs: Vec<(&str, FileId, FileId)> = Vec::new();
        for (env, key, target, _) in &mappings {
            if key.ends_with('*') {
                globs.push((key, *env, *target));
            } else {
                exact.entry(key).or_default().push((*env, *target));
            }
        }
        let template_ids: Vec<FileId> = self.set.templates().map(|t| t.id).collect();
        let mut edges = Vec::new();
        for id in template_ids {
            let envs = if modules.contains(&id) {
                envs_of(id, &self.set)
            } else {
                all_envs.clone()
            };
            let Some(template) = self.set.template(id) else {
                continue;
            };
            for slot in template.type_slots() {
                let (name, kind) = (slot.resource, slot.written);
                let exact_targets = exact.get(kind).into_iter().flatten().copied();
                let glob_targets = globs
                    .iter()
                    .filter(|(key, _, _)| registry_matches(key, kind))
                    .map(|(_, env, target)| (*env, *target));
                let span = slot.type_node.span;
                let mut mapped = false;
                let mut children = Vec::new();
                for (env, target) in exact_targets.chain(glob_targets) {
                    mapped = true;
                    if envs.contains(&env) {
                        children.push(target);
                    }
                }
                // A type no registry maps is implemented by the templates declaring it
                // (the capabilities spec's `resource_type` annotation).
                if !mapped {
                    children.extend(implementers.get(kind).into_iter().flatten().copied());
                }
                edges.extend(
                    children
                        .into_iter()
                        .filter(|&child| child != id)
                        .map(|child| Nesting {
                            parent: id,
                            resource: name.text.clone(),
                            child,
                            span,
                            written_in: id,
                        }),
                );
            }
        }
        self.set.nesting.extend(edges);
    }

    /// Templates by the resource types their `capabilities:` say they implement.
    fn implementers(&self) -> HashMap<String, Vec<FileId>> {
        let mut by_type: HashMap<String, Vec<FileId>> = HashMap::new();
        for template in self.set.templates() {
            for kind in implemented_types(&template)
                .into_iter()
                .filter_map(Node::as_str)
            {
                by_type
                    .entry(kind.to_owned())
                    .or_default()
                    .push(template.id);
            }
        }
        by_type
    }
}

/// The items of a template's `capabilities: resource_type:` (one value, or each item of a
/// list), as written: the resource types the template says it implements.
pub fn implemented_types<'a>(template: &Template<'a>) -> Vec<&'a Node> {
    let Some(declared) = template
        .root
        .get("capabilities")
        .and_then(|c| c.get("resource_type"))
    else {
        return Vec::new();
    };
    match declared.as_seq() {
        Some(items) => items.iter().collect(),
        None => vec![declared],
    }
}

/// Registry entries that name a file: `(key path, reference, span)`.
fn registry_files(env: &Environment<'_>) -> Vec<(String, String, Span)> {
    let mut out = Vec::new();
    for (key, value) in env.registry() {
        if key.text == "resources" {
            // Per-resource overrides: resources: {<name>: {<type>: <file>}}.
            for (resource, overrides) in value.as_map().into_iter().flat_map(Mapping::iter) {
                for (kind, target) in overrides.as_map().into_iter().flat_map(Mapping::iter) {
                    let path = format!(
                        "resource_registry.resources.{}.{}",
                        resource.text, kind.text
                    );
                    push_file_targets(&mut out, path, target);
                }
            }
            continue;
        }
        push_file_targets(&mut out, format!("resource_registry.{}", key.text), value);
    }
    out
}

fn push_file_targets(out: &mut Vec<(String, String, Span)>, path: String, target: &Node) {
    let mut push = |path: String, node: &Node| {
        if let Some(text) = node.as_str()
            && is_template_reference(text)
        {
            out.push((path, text.to_owned(), node.span));
        }
    };
    match target.as_seq() {
        // The capabilities spec's list of candidate implementations.
        Some(items) => {
            for (i, item) in items.iter().enumerate() {
                push(format!("{path}.{i}"), item);
            }
        }
        None => push(path, target),
    }
}

/// The registry key of a reference path (`resource_registry.<type>[.<i>]`).
fn registry_key(path: &str) -> String {
    let rest = path.strip_prefix("resource_registry.").unwrap_or(path);
    let rest = rest
        .strip_prefix("resources.")
        .map_or(rest, |r| r.split_once('.').map_or(r, |(_, t)| t));
    match rest.rsplit_once('.') {
        Some((head, tail)) if tail.chars().all(|c| c.is_ascii_digit()) => head.to_owned(),
        _ => rest.to_owned(),
    }
}

/// Heat's registry matching: exact, or a trailing `*` glob.
pub fn registry_matches(key: &str, resource_type: &str) -> bool {
    match key.strip_suffix('*') {
        Some(prefix) => resource_type.starts_with(prefix),
        None => key == resource_type,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_keys_and_globs() {
        assert_eq!(registry_key("resource_registry.OS::X::Y"), "OS::X::Y");
        assert_eq!(registry_key("resource_registry.OS::X::Y.1"), "OS::X::Y");
        assert_eq!(
            registry_key("resource_registry.resources.web.OS::Nova::Server"),
            "OS::Nova::Server"
        );
        assert!(registry_matches(
            "OS::TripleO::*",
            "OS::TripleO::Controller"
        ));
        assert!(!registry_matches(
            "OS::TripleO::Compute",
            "OS::TripleO::Controller"
        ));
    }
}
