//! Output names: the input layout for plain Heat, flat and ONAP-safe names in inline mode.

use std::collections::HashSet;

use crate::model::hot::{FileId, ReferenceKind, env_path_for};

use super::{RegistryOutput, Writer};

impl Writer<'_, '_> {
    /// Output names: flat and ONAP-safe in inline mode, the input layout otherwise.
    pub(super) fn name_files(&mut self) {
        let set = self.composition.set;
        let mut artifacts = Vec::new();
        for &template in &self.templates {
            for reference in set
                .references
                .iter()
                .filter(|r| r.from == template && r.kind == ReferenceKind::GetFile)
            {
                if let Ok(file) = reference.resolved
                    && !artifacts.contains(&file)
                    && !self.templates.contains(&file)
                {
                    artifacts.push(file);
                }
            }
        }
        self.artifacts = artifacts;
        if self.mode == RegistryOutput::Env {
            for &file in self.templates.iter().chain(&self.artifacts) {
                self.names.insert(file, set.file(file).path.clone());
            }
            return;
        }
        let mut taken: HashSet<String> = HashSet::new();
        let mut claim = |wanted: String| -> String {
            let (stem, ext) = wanted
                .rsplit_once('.')
                .map_or((wanted.clone(), String::new()), |(s, e)| {
                    (s.to_owned(), format!(".{e}"))
                });
            let mut name = wanted.clone();
            let mut n = 2;
            while !taken.insert(name.to_ascii_lowercase()) {
                name = format!("{stem}_{n}{ext}");
                n += 1;
            }
            name
        };
        let modules: Vec<FileId> = self
            .templates
            .iter()
            .copied()
            .filter(|&t| self.is_module(t))
            .collect();
        for &module in &modules {
            let name = claim(base_name(&set.file(module).path).to_owned());
            // Reserve the environment's name beside it.
            claim(env_path_for(&name));
            self.names.insert(module, name);
        }
        for &template in &self.templates {
            if !modules.contains(&template) {
                let name = claim(nested_name(&set.file(template).path));
                self.names.insert(template, name);
            }
        }
        for &artifact in &self.artifacts {
            let name = claim(base_name(&set.file(artifact).path).to_owned());
            self.names.insert(artifact, name);
        }
    }
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// ONAP's nested file name (R-76057, R-56438): letters, digits and `_`, no `base`, `.yaml`.
pub(super) fn nested_name(path: &str) -> String {
    let name = base_name(path);
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let mut clean: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    while let Some(at) = clean.to_ascii_lowercase().find("base") {
        clean.replace_range(at..at + 4, "bse");
    }
    if clean.is_empty() {
        clean.push_str("nested");
    }
    format!("{clean}.yaml")
}
