//! Modules as SDC deploys them: which templates are modules, their kinds, their env files.

use super::super::set::{FileId, Module, ReferenceKind, Role, TemplateKind};
use super::Loader;
use super::registry::implemented_types;

/// The environment file SDC pairs with a template: the same path with `.env`.
pub fn env_path_for(template: &str) -> String {
    let cut = template.rfind('.').unwrap_or(template.len());
    format!("{}.env", &template[..cut])
}

/// A file name without its folder and extension.
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map_or(name, |(s, _)| s)
}

/// SDC's naming of a module that `MANIFEST.json` does not describe.
pub fn module_kind_by_name(path: &str) -> TemplateKind {
    let stem = stem(path).to_ascii_lowercase();
    if stem.ends_with("_volume") {
        TemplateKind::Volume
    } else if stem == "base"
        || stem.starts_with("base_")
        || stem.ends_with("_base")
        || stem.contains("_base_")
    {
        TemplateKind::Base
    } else {
        TemplateKind::Incremental
    }
}

impl Loader<'_> {
    /// Pairs templates with env files, decides module kinds and links registry nesting.
    pub(super) fn assign_modules(&mut self) {
        let nested_children: Vec<FileId> = self.set.nesting.iter().map(|n| n.child).collect();
        let registry_children: Vec<FileId> = self
            .set
            .references
            .iter()
            .filter(|r| r.kind == ReferenceKind::Registry)
            .filter_map(|r| r.resolved.as_ref().ok().copied())
            .collect();
        // A template that declares which resource types it implements is an implementation,
        // not a module, even when nothing names it yet.
        let implementations: Vec<FileId> = self
            .set
            .templates()
            .filter(|t| implemented_types(t).iter().any(|n| n.as_str().is_some()))
            .map(|t| t.id)
            .collect();
        // A file MANIFEST.json lists as a module with its own environment is a module, even
        // when another module also nests it: SDC deploys it with that environment.
        let listed_modules: Vec<&str> = self
            .set
            .manifest
            .iter()
            .flat_map(|m| &m.entries)
            .filter(|e| matches!(e.kind.as_str(), "HEAT" | "HEAT_VOL" | "HEAT_NET"))
            .filter(|e| e.children.iter().any(|c| c.kind == "HEAT_ENV"))
            .map(|e| e.file.as_str())
            .collect();
        let listed: Vec<FileId> = listed_modules
            .iter()
            .filter_map(|f| self.by_path.get(*f).copied())
            .collect();
        for child in nested_children
            .into_iter()
            .chain(registry_children)
            .chain(implementations)
        {
            if listed.contains(&child) {
                continue;
            }
            if let Role::Template(_) = self.set.files[child].role {
                self.set.files[child].role = Role::Template(TemplateKind::Nested);
            }
        }
        let module_ids: Vec<FileId> = (0..self.set.files.len())
            .filter(|&id| {
                matches!(self.set.files[id].role, Role::Template(kind) if kind != TemplateKind::Nested)
            })
            .collect();
        // A lone module is the base whatever its name (a single template given on its own).
        if module_ids.len() == 1
            && self.set.manifest.is_none()
            && self.set.files[module_ids[0]].role == Role::Template(TemplateKind::Incremental)
        {
            self.set.files[module_ids[0]].role = Role::Template(TemplateKind::Base);
        }
        let unpaired_envs: Vec<FileId> = (0..self.set.files.len())
            .filter(|&id| self.set.files[id].role == Role::Environment)
            .filter(|&id| {
                let path = &self.set.files[id].path;
                !module_ids
                    .iter()
                    .any(|&m| env_path_for(&self.set.files[m].path) == *path)
            })
            .collect();
        for &template in &module_ids {
            let Role::Template(kind) = self.set.files[template].role else {
                continue;
            };
            let paired = self.paired_env(template);
            self.set.modules.push(Module {
                kind,
                template,
                env: paired,
            });
        }
        self.link_registry(&module_ids, &unpaired_envs);
    }

    fn paired_env(&self, template: FileId) -> Option<FileId> {
        let path = &self.set.files[template].path;
        if let Some(manifest) = &self.set.manifest
            && let Some(entry) = manifest.all().into_iter().find(|e| e.file == *path)
            && let Some(env) = entry.children.iter().find(|c| c.kind == "HEAT_ENV")
        {
            return self.by_path.get(&env.file).copied();
        }
        let expected = env_path_for(path);
        self.by_path
            .get(&expected)
            .copied()
            .filter(|&id| self.set.files[id].role == Role::Environment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sdc_module_names() {
        assert_eq!(module_kind_by_name("base_vfw.yaml"), TemplateKind::Base);
        assert_eq!(module_kind_by_name("vfw_base.yaml"), TemplateKind::Base);
        assert_eq!(module_kind_by_name("a_base_b.yml"), TemplateKind::Base);
        assert_eq!(module_kind_by_name("base.yaml"), TemplateKind::Base);
        assert_eq!(
            module_kind_by_name("database.yaml"),
            TemplateKind::Incremental
        );
        assert_eq!(module_kind_by_name("vfw_volume.yaml"), TemplateKind::Volume);
    }
}
