//! Loads a template set from a package: finds templates and env files, follows nested
//! templates, registry mappings and `get_file`, and checks nesting for cycles and depth.

use std::collections::{HashMap, VecDeque};
use std::io::Read as _;

use crate::diagnostics::Span;
use crate::limits::Limits;
use crate::source::path::{self, PathError};
use crate::source::{PackageFiles, SourceError, disk_image};
use crate::yaml::{self, Document, LoadError, Mapping, Node};

use super::classify::{self, Kind, NotChecked, NotHeat, Reading};
use super::functions::calls_to;
use super::manifest::Manifest;
use super::path_error::ReferenceError;
use super::set::{
    FileId, HotSet, Module, Nesting, NestingProblem, PackageEntry, Reference, ReferenceKind, Role,
    SourceFile, TemplateKind,
};
use super::stage::{self, is_capabilities_map};
use super::template::{Environment, Template, is_template_reference};

/// Which files start the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Roots {
    /// Every template and env file of a listed folder or archive (or what `MANIFEST.json` names).
    Discover,
    /// These files, as with `heat -f t.yaml -e env.yaml`.
    Given(Vec<String>),
}

/// Sections Heat accepts in an environment file.
pub const ENV_SECTIONS: [&str; 6] = [
    "parameters",
    "parameter_defaults",
    "encrypted_param_names",
    "event_sinks",
    "parameter_merge_strategies",
    "resource_registry",
];

const YAML_EXTENSIONS: [&str; 5] = [".yaml", ".yml", ".template", ".json", ".env"];

/// Reads a set from `files`, starting at `roots`. A zip, or a package with `MANIFEST.json`,
/// is read as SDC reads an ONAP heat package ([`Reading::sdc`]).
pub fn load_set(files: &PackageFiles, roots: Roots, label: String, limits: &Limits) -> HotSet {
    let sdc = files.is_archive() || files.contains("MANIFEST.json");
    load_set_as(files, roots, label, limits, sdc)
}

/// Like [`load_set`], with SDC's reading of the package's YAML files chosen by the caller
/// (a set loaded again from memory keeps the reading of its source).
pub fn load_set_as(
    files: &PackageFiles,
    roots: Roots,
    label: String,
    limits: &Limits,
    sdc: bool,
) -> HotSet {
    let given_roots = matches!(roots, Roots::Given(_));
    let mut loader = Loader {
        files,
        set: HotSet {
            label,
            files: Vec::new(),
            package: list_package(files),
            modules: Vec::new(),
            references: Vec::new(),
            nesting: Vec::new(),
            nesting_problems: Vec::new(),
            manifest: None,
            package_files: files.names().to_vec(),
            capabilities_map: None,
            given_roots,
            stage: stage::Stage::default(),
            limits: *limits,
            not_checked: Vec::new(),
            sdc_reading: sdc,
        },
        by_path: HashMap::new(),
        not_heat: HashMap::new(),
        charts: classify::chart_folders(files.names()),
        reading: Reading {
            sdc,
            given: given_roots,
        },
    };
    loader.start(roots);
    loader.follow_references();
    loader.assign_modules();
    loader.check_nesting();
    loader.list_not_checked();
    loader.set.stage = stage::detect(&loader.set);
    loader.set
}

struct Loader<'f> {
    files: &'f PackageFiles,
    set: HotSet,
    by_path: HashMap<String, FileId>,
    /// Why each file classified as something else is not Heat.
    not_heat: HashMap<String, NotHeat>,
    reading: Reading,
    /// The package's Helm chart folders.
    charts: std::collections::HashSet<String>,
}

fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map_or(name, |(s, _)| s)
}

/// Every file of a listed package, with the disk images among them recognised by extension
/// or, for files of other names, by their first bytes.
fn list_package(files: &PackageFiles) -> Vec<PackageEntry> {
    if !files.is_listed() {
        return Vec::new();
    }
    files
        .names()
        .iter()
        .map(|name| {
            let size = files.size(name).unwrap_or(0);
            let disk_image = disk_image::by_extension(name).or_else(|| {
                let is_yaml = YAML_EXTENSIONS
                    .iter()
                    .any(|e| ends_with_ignoring_case(name, e));
                if is_yaml || size < disk_image::SMALLEST_IMAGE {
                    return None;
                }
                let head = files.stream(name, |reader| {
                    let mut head = Vec::with_capacity(disk_image::SNIFF_BYTES);
                    reader
                        .take(disk_image::SNIFF_BYTES as u64)
                        .read_to_end(&mut head)
                        .map_err(|source| SourceError::Io {
                            path: name.into(),
                            source,
                        })?;
                    Ok::<_, SourceError>(head)
                });
                // An entry that cannot be read is simply not recognised as an image.
                head.ok().and_then(|head| disk_image::by_content(&head))
            });
            PackageEntry {
                path: name.clone(),
                size,
                disk_image,
            }
        })
        .collect()
}

/// True when `name` ends with `suffix` in any letter case (`base.YAML` is still read, so
/// the naming rules can report its extension).
fn ends_with_ignoring_case(name: &str, suffix: &str) -> bool {
    name.len() >= suffix.len()
        && name.is_char_boundary(name.len() - suffix.len())
        && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// The environment file SDC pairs with a template: the same path with `.env`.
pub fn env_path_for(template: &str) -> String {
    let cut = template.rfind('.').unwrap_or(template.len());
    format!("{}.env", &template[..cut])
}

/// SDC's naming of a module that `MANIFEST.json` does not describe.
fn module_kind_by_name(path: &str) -> TemplateKind {
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
    fn start(&mut self, roots: Roots) {
        let names: Vec<String> = match roots {
            Roots::Given(names) => names,
            Roots::Discover => {
                if self.files.contains("MANIFEST.json") {
                    self.read_manifest();
                }
                self.files
                    .names()
                    .iter()
                    .filter(|n| {
                        YAML_EXTENSIONS
                            .iter()
                            .any(|e| ends_with_ignoring_case(n, e))
                    })
                    .filter(|n| n.as_str() != "MANIFEST.json")
                    .cloned()
                    .collect()
            }
        };
        let mut read = Vec::with_capacity(names.len());
        for name in names {
            if self.by_path.contains_key(&name) || read.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let bytes = self.files.read(&name);
            read.push((name, bytes));
        }
        let limits = self.set.limits.yaml;
        let parsed = parse_in_parallel(read, &limits);
        for (name, outcome) in parsed {
            match outcome {
                Ok((bytes, document)) => {
                    let map = self.set.capabilities_map.is_none()
                        && document
                            .as_ref()
                            .is_ok_and(|d| is_capabilities_map(&d.root));
                    let role = if map {
                        Role::Artifact
                    } else {
                        self.classify(&name, &bytes, &document)
                    };
                    let document = match role {
                        // Other YAML (VNFDs, cloud-config…) is not part of the HOT set; a
                        // capabilities map is kept for composition.
                        Role::Artifact if !map => None,
                        _ => Some(document),
                    };
                    let id = self.push(name, bytes, role, document);
                    if map {
                        self.set.capabilities_map = Some(id);
                    }
                }
                Err(error) => {
                    // A listed file that cannot be read is kept, so the reason is reported.
                    let role = Role::Template(module_kind_by_name(&name));
                    let failed = Err(LoadError::Unreadable {
                        reason: error.to_string(),
                        at: Span {
                            line: 1,
                            column: 1,
                            start: 0,
                            end: 0,
                        },
                    });
                    self.push(name, Vec::new(), role, Some(failed));
                }
            }
        }
    }

    fn read_manifest(&mut self) {
        let Ok(bytes) = self.files.read("MANIFEST.json") else {
            return;
        };
        let id = self.add("MANIFEST.json".to_owned(), bytes, Role::Manifest);
        if let Some(document) = &self.set.files[id].document {
            self.set.manifest = Some(Manifest::from_node(&document.root));
        }
    }

    /// Decides from the manifest, the name, the place and the content what a file is;
    /// remembers why a file that is not Heat is not.
    fn classify(&mut self, name: &str, bytes: &[u8], parsed: &Result<Document, LoadError>) -> Role {
        if let Some(manifest) = &self.set.manifest
            && let Some(entry) = manifest.all().into_iter().find(|e| e.file == name)
        {
            return match entry.kind.as_str() {
                "HEAT_ENV" => Role::Environment,
                "HEAT_VOL" => Role::Template(TemplateKind::Volume),
                "HEAT" | "HEAT_NET" | "HEAT_NESTED" if entry.is_base => {
                    Role::Template(TemplateKind::Base)
                }
                "HEAT" | "HEAT_NET" | "HEAT_NESTED" => Role::Template(TemplateKind::Incremental),
                other => {
                    self.not_heat
                        .insert(name.to_owned(), NotHeat::Listed(other.to_owned()));
                    Role::Artifact
                }
            };
        }
        if ends_with_ignoring_case(name, ".env") {
            return Role::Environment;
        }
        let paired = self.files.contains(&env_path_for(name));
        match classify::classify(name, &self.charts, bytes, parsed, self.reading, paired) {
            Kind::Template => Role::Template(module_kind_by_name(name)),
            Kind::Environment => Role::Environment,
            Kind::NotHeat(reason) => {
                self.not_heat.insert(name.to_owned(), reason);
                Role::Artifact
            }
        }
    }

    /// Every file that could be Heat by its extension but was not read as Heat, with the
    /// reason (a capabilities map excepted: the composition rules check it; and vnfwiz's
    /// own answers file).
    fn list_not_checked(&mut self) {
        let limits = self.set.limits.yaml;
        let referenced: std::collections::HashSet<FileId> = self
            .set
            .references
            .iter()
            .filter_map(|r| r.resolved.as_ref().ok().copied())
            .collect();
        let mut listed = Vec::new();
        for (id, file) in self.set.files.iter().enumerate() {
            let yaml = YAML_EXTENSIONS
                .iter()
                .any(|e| ends_with_ignoring_case(&file.path, e));
            // Files named one by one were all meant as Heat, whatever their extension.
            let candidate = yaml || (self.reading.given && !referenced.contains(&id));
            if file.role != Role::Artifact || !candidate || self.set.capabilities_map == Some(id) {
                continue;
            }
            let reason = match self.not_heat.get(&file.path) {
                Some(reason) => reason.clone(),
                // A `get_file` target read after the listing: judged by its content.
                None => match classify::classify(
                    &file.path,
                    &self.charts,
                    &file.bytes,
                    &yaml::parse(&file.bytes, &limits),
                    Reading::default(),
                    false,
                ) {
                    Kind::NotHeat(reason) => reason,
                    Kind::Template | Kind::Environment => continue,
                },
            };
            // vnfwiz's own answers file is no candidate anyone wants checked as Heat.
            if reason == NotHeat::Answers {
                continue;
            }
            listed.push(NotChecked {
                path: file.path.clone(),
                reason,
            });
        }
        self.set.not_checked = listed;
    }

    /// Adds a file read for a reference: templates and env files are parsed, artifacts kept
    /// as bytes.
    fn add(&mut self, path: String, bytes: Vec<u8>, role: Role) -> FileId {
        let document = match role {
            Role::Artifact => None,
            _ => Some(yaml::parse(&bytes, &self.set.limits.yaml)),
        };
        self.push(path, bytes, role, document)
    }

    fn push(
        &mut self,
        path: String,
        bytes: Vec<u8>,
        role: Role,
        parsed: Option<Result<Document, LoadError>>,
    ) -> FileId {
        let (document, load_error) = match parsed {
            Some(Ok(d)) => (Some(d), None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        };
        let id = self.set.files.len();
        self.by_path.insert(path.clone(), id);
        self.set.files.push(SourceFile {
            path,
            bytes,
            role,
            document,
            load_error,
        });
        id
    }

    /// Loads `target` (package path) for a reference, reusing a file already loaded.
    fn open(&mut self, target: &str, role: Role) -> Result<FileId, ReferenceError> {
        if let Some(&id) = self.by_path.get(target) {
            let file = &mut self.set.files[id];
            if role == Role::Template(TemplateKind::Nested) && file.role == Role::Artifact {
                // A file first seen as plain YAML or a `get_file` target is also a template.
                file.role = role;
                match yaml::parse(&file.bytes, &self.set.limits.yaml) {
                    Ok(d) => file.document = Some(d),
                    Err(e) => file.load_error = Some(e),
                }
            }
            return Ok(id);
        }
        if self.set.files.len() >= self.set.limits.max_files {
            return Err(ReferenceError::TooManyFiles(self.set.limits.max_files));
        }
        match self.files.read(target) {
            Ok(bytes) => Ok(self.add(target.to_owned(), bytes, role)),
            Err(SourceError::Missing(_)) => Err(ReferenceError::Missing(target.to_owned())),
            Err(e) => Err(ReferenceError::Unreadable(e.to_string())),
        }
    }

    /// Resolves a template reference relative to `from`, then in Tacker's `nested/` folder.
    fn resolve_template(&self, from: &str, reference: &str) -> Result<String, PathError> {
        let direct = path::resolve(from, reference)?;
        if self.files.contains(&direct) {
            return Ok(direct);
        }
        let fallback = path::resolve(from, &format!("nested/{reference}"))?;
        Ok(if self.files.contains(&fallback) {
            fallback
        } else {
            direct
        })
    }

    fn follow_references(&mut self) {
        let mut queue: VecDeque<FileId> = (0..self.set.files.len()).collect();
        while let Some(id) = queue.pop_front() {
            let before = self.set.files.len();
            match self.set.files[id].role {
                Role::Template(_) => self.template_references(id),
                Role::Environment => self.registry_references(id),
                _ => {}
            }
            queue.extend(before..self.set.files.len());
        }
    }

    fn record(
        &mut self,
        from: FileId,
        span: Span,
        path: String,
        kind: ReferenceKind,
        target: &str,
        resolved: Result<FileId, ReferenceError>,
    ) {
        self.set.references.push(Reference {
            from,
            span,
            path,
            kind,
            target: target.to_owned(),
            resolved,
        });
    }

    fn template_references(&mut self, id: FileId) {
        let Some(template) = self.set.template(id) else {
            return;
        };
        let from = template.path().to_owned();
        // (resource, key path of the type, reference, span)
        let nested: Vec<(String, String, String, Span)> = template
            .type_slots()
            .into_iter()
            .filter(|slot| is_template_reference(slot.written))
            .map(|slot| {
                (
                    slot.resource.text.clone(),
                    slot.path(),
                    slot.written.to_owned(),
                    slot.type_node.span,
                )
            })
            .collect();
        let get_files: Vec<(String, String, Span)> = calls_to(&template, "get_file")
            .into_iter()
            .filter_map(|c| {
                let target = c.args.as_str()?;
                Some((c.path.clone(), target.to_owned(), c.args.span))
            })
            .collect();
        for (resource, key_path, reference, span) in nested {
            let resolved = self
                .resolve_template(&from, &reference)
                .map_err(ReferenceError::from)
                .and_then(|target| self.open(&target, Role::Template(TemplateKind::Nested)));
            if let Ok(child) = resolved {
                self.set.nesting.push(Nesting {
                    parent: id,
                    resource: resource.clone(),
                    child,
                    span,
                    written_in: id,
                });
            }
            self.record(
                id,
                span,
                key_path,
                ReferenceKind::NestedType,
                &reference,
                resolved,
            );
        }
        for (key_path, reference, span) in get_files {
            let resolved = path::resolve(&from, &reference)
                .map_err(ReferenceError::from)
                .and_then(|target| self.open(&target, Role::Artifact));
            self.record(
                id,
                span,
                key_path,
                ReferenceKind::GetFile,
                &reference,
                resolved,
            );
        }
    }

    fn registry_references(&mut self, id: FileId) {
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

    /// Pairs templates with env files, decides module kinds and links registry nesting.
    fn assign_modules(&mut self) {
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

    /// Adds nesting edges for resources whose type an env registry maps to a template.
    fn link_registry(&mut self, modules: &[FileId], unpaired_envs: &[FileId]) {
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
                for (env, target) in exact_targets.chain(glob_targets) {
                    mapped = true;
                    if envs.contains(&env) && target != id {
                        edges.push(Nesting {
                            parent: id,
                            resource: name.text.clone(),
                            child: target,
                            span,
                            written_in: id,
                        });
                    }
                }
                // A type no registry maps is implemented by the templates declaring it
                // (the capabilities spec's `resource_type` annotation).
                if !mapped {
                    for &target in implementers.get(kind).into_iter().flatten() {
                        if target != id {
                            edges.push(Nesting {
                                parent: id,
                                resource: name.text.clone(),
                                child: target,
                                span,
                                written_in: id,
                            });
                        }
                    }
                }
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

    /// Finds nesting loops and chains deeper than the limit in time linear in the number of
    /// nesting edges (a path-by-path walk would explode on shared nested templates).
    fn check_nesting(&mut self) {
        const WHITE: u8 = 0;
        const GRAY: u8 = 1;
        const BLACK: u8 = 2;
        let count = self.set.files.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (i, edge) in self.set.nesting.iter().enumerate() {
            children[edge.parent].push(i);
        }
        let mut color = vec![WHITE; count];
        let mut cut = vec![false; self.set.nesting.len()];
        // Longest chain of nesting below each template, and the edge that starts it.
        let mut height = vec![0usize; count];
        let mut tallest: Vec<Option<usize>> = vec![None; count];
        let roots: Vec<FileId> = self.set.modules.iter().map(|m| m.template).collect();
        for &root in &roots {
            if color[root] != WHITE {
                continue;
            }
            let mut stack: Vec<(FileId, usize)> = vec![(root, 0)];
            color[root] = GRAY;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                if let Some(&edge) = children[node].get(*next) {
                    *next += 1;
                    let child = self.set.nesting[edge].child;
                    match color[child] {
                        WHITE => {
                            color[child] = GRAY;
                            stack.push((child, 0));
                        }
                        GRAY => {
                            cut[edge] = true;
                            let from = stack.iter().position(|(f, _)| *f == child).unwrap_or(0);
                            let mut chain: Vec<FileId> =
                                stack[from..].iter().map(|(f, _)| *f).collect();
                            chain.push(child);
                            self.record_nesting_problem(edge, &chain, true);
                        }
                        _ => {}
                    }
                } else {
                    stack.pop();
                    color[node] = BLACK;
                    for &edge in &children[node] {
                        let child = self.set.nesting[edge].child;
                        if !cut[edge] && height[child] + 1 > height[node] {
                            height[node] = height[child] + 1;
                            tallest[node] = Some(edge);
                        }
                    }
                }
            }
        }
        let limit = self.set.limits.max_nested_depth;
        let mut reported = std::collections::HashSet::new();
        for &root in &roots {
            if height[root] <= limit {
                continue;
            }
            let mut chain = vec![root];
            let mut node = root;
            while let Some(edge) = tallest[node] {
                node = self.set.nesting[edge].child;
                chain.push(node);
                if chain.len() > limit + 1 {
                    if reported.insert(edge) {
                        self.record_nesting_problem(edge, &chain, false);
                    }
                    break;
                }
            }
        }
    }

    fn record_nesting_problem(&mut self, edge: usize, chain: &[FileId], cycle: bool) {
        let chain = chain
            .iter()
            .map(|&f| self.set.files[f].path.clone())
            .collect();
        self.set.nesting_problems.push(NestingProblem {
            edge: self.set.nesting[edge].clone(),
            chain,
            cycle,
        });
    }
}

/// A file as read: its bytes, or why it could not be read.
type Read = (String, Result<Vec<u8>, SourceError>);

/// A file read and parsed, or why it could not be read.
type Parsed = Result<(Vec<u8>, Result<Document, LoadError>), SourceError>;

/// Parses files on every core; results keep the input order.
fn parse_in_parallel(read: Vec<Read>, limits: &crate::limits::YamlLimits) -> Vec<(String, Parsed)> {
    let documents = crate::parallel::map_ordered(&read, |(_, bytes)| {
        bytes.as_ref().ok().map(|bytes| yaml::parse(bytes, limits))
    });
    read.into_iter()
        .zip(documents)
        .map(|((name, bytes), document)| {
            let outcome = bytes.map(|bytes| {
                // Every readable file was parsed above.
                let document = document.unwrap_or_else(|| yaml::parse(&bytes, limits));
                (bytes, document)
            });
            (name, outcome)
        })
        .collect()
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
