//! Which base or incremental module each volume module supports: the module whose
//! `MANIFEST.json` entry lists it as `HEAT_VOL`, or, when the manifest does not attach it,
//! the module whose name it repeats with `_volume` appended (SDC's pairing).

use foldhash::{HashMap, HashMapExt};

use crate::model::hot::{FileId, HotSet, TemplateKind};

/// A volume module and the modules it supports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VolumeModule {
    /// The volume module's template.
    pub volume: FileId,
    /// The base or incremental modules it is attached to (one when all is well).
    pub supports: Vec<FileId>,
    /// True when `MANIFEST.json` made the attachment, false when the names did.
    pub by_manifest: bool,
}

/// The path without its extension (`x/vfw_volume.yaml` → `x/vfw_volume`).
fn without_extension(path: &str) -> &str {
    let name_at = path.rfind('/').map_or(0, |i| i + 1);
    match path[name_at..].rfind('.') {
        Some(dot) => &path[..name_at + dot],
        None => path,
    }
}

/// Every volume module of the set with the modules it supports, in module order.
pub fn volume_modules(set: &HotSet) -> Vec<VolumeModule> {
    let supported: Vec<FileId> = set
        .modules
        .iter()
        .filter(|m| matches!(m.kind, TemplateKind::Base | TemplateKind::Incremental))
        .map(|m| m.template)
        .collect();
    let by_path: HashMap<&str, FileId> = supported
        .iter()
        .map(|&id| (set.file(id).path.as_str(), id))
        .collect();
    let by_name: HashMap<&str, FileId> = supported
        .iter()
        .map(|&id| (without_extension(&set.file(id).path), id))
        .collect();
    // Volume file → modules whose manifest entry lists it.
    let mut attached: HashMap<&str, Vec<FileId>> = HashMap::new();
    if let Some(manifest) = &set.manifest {
        for entry in manifest.all() {
            let Some(&module) = by_path.get(entry.file.as_str()) else {
                continue;
            };
            for child in entry.children.iter().filter(|c| c.kind == "HEAT_VOL") {
                let modules = attached.entry(child.file.as_str()).or_default();
                if !modules.contains(&module) {
                    modules.push(module);
                }
            }
        }
    }
    set.modules
        .iter()
        .filter(|m| m.kind == TemplateKind::Volume)
        .map(|m| {
            let path = set.file(m.template).path.as_str();
            match attached.get(path) {
                Some(modules) => VolumeModule {
                    volume: m.template,
                    supports: modules.clone(),
                    by_manifest: true,
                },
                None => VolumeModule {
                    volume: m.template,
                    supports: without_extension(path)
                        .strip_suffix("_volume")
                        .and_then(|name| by_name.get(name))
                        .copied()
                        .into_iter()
                        .collect(),
                    by_manifest: false,
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::volume_modules::*;

    #[test]
    fn paths_without_extension() {
        assert_eq!(without_extension("vfw_volume.yaml"), "vfw_volume");
        assert_eq!(without_extension("x.d/vfw_volume.yml"), "x.d/vfw_volume");
        assert_eq!(without_extension("x.d/vfw"), "x.d/vfw");
    }
}
