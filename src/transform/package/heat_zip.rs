//! Writes an ONAP heat zip: the templates, env files, nested templates and `get_file` files
//! of a resolved set, and SDC's `MANIFEST.json` describing them (the base module with
//! `isBase: true` and its env as a `HEAT_ENV` child, volume modules as `HEAT_VOL` under the
//! module they belong to, nested templates as `HEAT`, everything else as `OTHER`).
//! Reproducible like the CSAR: one timestamp, fixed permissions, sorted entries.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use serde_json::{Value, json};

use crate::check::waivers::{Record, WAIVERS_FILE, record};
use crate::model::hot::{FileId, HotSet, Role, TemplateKind};

use super::error::PackageError;
use super::staging::StagedZip;
use super::time::PackageTime;

/// SDC's manifest of a heat package.
pub const MANIFEST_JSON: &str = "MANIFEST.json";

/// Everything a heat zip is made of.
#[derive(Clone, Copy, Debug)]
pub struct HeatZipRequest<'a> {
    /// The VNF's name (MANIFEST.json `name`).
    pub name: &'a str,
    /// What it is (`description`).
    pub description: &'a str,
    /// Its version (`version`).
    pub version: &'a str,
    /// The resolved template set.
    pub set: &'a HotSet,
    /// The findings accepted with a reason, stored as [`WAIVERS_FILE`] of type `OTHER`;
    /// empty: no such file.
    pub waivers: &'a [Record],
    /// The package's timestamp.
    pub time: PackageTime,
}

/// SDC's entry for a module template, with its env and (for a module) its volume module.
fn module_entry(
    set: &HotSet,
    template: FileId,
    kind: &str,
    is_base: bool,
    env: Option<FileId>,
    children: Vec<Value>,
) -> Value {
    let mut data: Vec<Value> = env
        .map(|env| json!({"file": set.files[env].path, "type": "HEAT_ENV"}))
        .into_iter()
        .collect();
    data.extend(children);
    let mut entry = json!({"file": set.files[template].path, "type": kind, "isBase": is_base});
    if !data.is_empty() {
        entry["data"] = Value::Array(data);
    }
    entry
}

/// The volume module a module owns: the same path with `_volume` before the extension.
fn volume_of(path: &str) -> String {
    match path.rfind('.') {
        Some(dot) if !path[dot..].contains('/') => {
            format!("{}_volume{}", &path[..dot], &path[dot..])
        }
        _ => format!("{path}_volume"),
    }
}

/// SDC's `MANIFEST.json` for a set.
pub fn manifest_json(request: &HeatZipRequest<'_>) -> String {
    let set = request.set;
    let mut listed: HashSet<FileId> = HashSet::new();
    let mut modules: Vec<&crate::model::hot::Module> = set.modules.iter().collect();
    let rank = |kind: TemplateKind| match kind {
        TemplateKind::Base => 0,
        TemplateKind::Incremental => 1,
        TemplateKind::Volume => 2,
        TemplateKind::Nested => 3,
    };
    modules.sort_by(|a, b| {
        rank(a.kind)
            .cmp(&rank(b.kind))
            .then_with(|| set.files[a.template].path.cmp(&set.files[b.template].path))
    });
    let volumes: BTreeMap<&str, &crate::model::hot::Module> = modules
        .iter()
        .filter(|m| m.kind == TemplateKind::Volume)
        .map(|m| (set.files[m.template].path.as_str(), *m))
        .collect();
    let mut attached: HashSet<FileId> = HashSet::new();
    let mut data: Vec<Value> = Vec::new();
    for module in modules.iter().filter(|m| m.kind != TemplateKind::Volume) {
        let mut children = Vec::new();
        if let Some(volume) = volumes.get(volume_of(&set.files[module.template].path).as_str()) {
            children.push(module_entry(
                set,
                volume.template,
                "HEAT_VOL",
                false,
                volume.env,
                Vec::new(),
            ));
            attached.insert(volume.template);
            listed.insert(volume.template);
            listed.extend(volume.env);
        }
        data.push(module_entry(
            set,
            module.template,
            "HEAT",
            module.kind == TemplateKind::Base,
            module.env,
            children,
        ));
        listed.insert(module.template);
        listed.extend(module.env);
    }
    for volume in volumes.values().filter(|v| !attached.contains(&v.template)) {
        data.push(module_entry(
            set,
            volume.template,
            "HEAT_VOL",
            false,
            volume.env,
            Vec::new(),
        ));
        listed.insert(volume.template);
        listed.extend(volume.env);
    }
    let mut others: Vec<(&str, &str)> = set
        .files
        .iter()
        .enumerate()
        .filter(|(id, f)| !listed.contains(id) && f.role != Role::Manifest)
        .map(|(_, f)| {
            let kind = match f.role {
                Role::Template(_) => "HEAT",
                _ => "OTHER",
            };
            (f.path.as_str(), kind)
        })
        .collect();
    if !request.waivers.is_empty() {
        others.push((WAIVERS_FILE, "OTHER"));
    }
    others.sort_unstable();
    for (file, kind) in others {
        data.push(json!({"file": file, "type": kind, "isBase": false}));
    }
    let manifest = json!({
        "name": request.name,
        "description": request.description,
        "version": request.version,
        "data": data,
    });
    let mut text = serde_json::to_string_pretty(&manifest).unwrap_or_default();
    text.push('\n');
    text
}

/// Writes the heat zip to `destination` (through a staging file).
pub fn write_heat_zip(
    request: &HeatZipRequest<'_>,
    destination: &Path,
) -> Result<(), PackageError> {
    let mut staged = StagedZip::create(destination, request.time.dos())?;
    let mut entries: BTreeMap<&str, &[u8]> = request
        .set
        .files
        .iter()
        .filter(|f| f.role != Role::Manifest)
        .map(|f| (f.path.as_str(), f.bytes.as_slice()))
        .collect();
    let manifest = manifest_json(request);
    entries.insert(MANIFEST_JSON, manifest.as_bytes());
    let waivers = record::render(request.waivers);
    if !request.waivers.is_empty() {
        entries.insert(WAIVERS_FILE, waivers.as_bytes());
    }
    for (path, bytes) in entries {
        staged.zip.add_deflated(path, bytes)?;
    }
    staged.commit(destination)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_names() {
        assert_eq!(volume_of("base_vfw.yaml"), "base_vfw_volume.yaml");
        assert_eq!(volume_of("mods/db.yml"), "mods/db_volume.yml");
    }
}
