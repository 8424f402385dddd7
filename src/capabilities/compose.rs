//! The output transformation: from a resolved composition to the files of a set Heat (or ONAP)
//! takes as it is. A pure function of the set, the resolution and the operator's values; the
//! caller writes the files (atomically) and validates them as Heat-ready.
//!
//! Every written set carries no `capabilities:`, no `requires:` and no list in a registry.
//! [`RegistryOutput::Inline`] (ONAP, whose R-67231 forbids `resource_registry`) writes every
//! file flat beside the module, names nested templates as ONAP wants them (letters, digits and
//! `_`, no `base`), replaces each abstract type by the chosen template's file name in the
//! parent's `type:`, and passes every parameter of a nested template explicitly from its
//! parent (ONAP's R-11041), declaring it up to the module, whose environment gets the value
//! (answers first, then `parameter_defaults`, then the nested default). Constraints and
//! defaults of a lifted parameter move to the module. [`RegistryOutput::Env`] (plain Heat)
//! keeps the layout and writes one mapping per used type in each module's environment.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

pub use crate::answers::RegistryOutput;
use crate::hot::{FileId, ReferenceKind, Role, TemplateKind, env_path_for};
use crate::source::path;
use crate::yaml::write::{map, node, string};
use crate::yaml::{Key, Mapping, Node, Span, Value};

use super::composition::Composition;
use super::resolve::{ChoiceError, Implementation, Resolution};

/// What a written file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComposedRole {
    /// A module template (base, incremental, volume).
    Module(TemplateKind),
    /// A module's environment file.
    Environment,
    /// A nested template.
    Nested,
    /// A `get_file` target.
    Artifact,
}

/// One file to write.
#[derive(Clone, Debug, PartialEq)]
pub struct ComposedFile {
    /// Path relative to the output folder.
    pub path: String,
    /// The content.
    pub bytes: Vec<u8>,
    /// What it is.
    pub role: ComposedRole,
    /// The file of the input set it comes from (none for generated environments).
    pub source: Option<FileId>,
}

/// The files of a composed set, modules first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ComposedSet {
    /// The files.
    pub files: Vec<ComposedFile>,
}

/// Why a composition cannot be written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ComposeError {
    /// An answer that does not fit the set.
    #[error(transparent)]
    Choice(#[from] ChoiceError),
    /// A resource whose type has no resolved implementation.
    #[error("{file}:{line}:{column}: `{resource_type}` has no chosen implementation")]
    Unresolved {
        /// The template.
        file: String,
        /// Where the type is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The type.
        resource_type: String,
    },
    /// A resource implemented by a template the package lacks.
    #[error("{file}:{line}:{column}: `{target}` is not in the package")]
    Missing {
        /// The template.
        file: String,
        /// Where the type is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The missing template.
        target: String,
    },
    /// A template shared by modules whose environments implement one of its resources
    /// differently: it cannot be inlined once.
    #[error(
        "{file}: resource `{resource}` is implemented as `{first}` for one module and `{second}` for another; give the modules the same choice"
    )]
    Conflict {
        /// The shared template.
        file: String,
        /// The resource.
        resource: String,
        /// One implementation.
        first: String,
        /// The other.
        second: String,
    },
    /// A template to rewrite that did not parse.
    #[error("{file} does not parse, so it cannot be rewritten")]
    Unreadable {
        /// The file.
        file: String,
    },
}

/// Writes the composition: the files of a set without composition data.
/// `values` are the operator's parameter values (answers), written into module environments.
pub fn compose(
    composition: &Composition<'_>,
    resolution: &Resolution,
    mode: RegistryOutput,
    values: &BTreeMap<String, Node>,
) -> Result<ComposedSet, Vec<ComposeError>> {
    let mut writer = Writer::new(composition, resolution, mode);
    writer.collect();
    if mode == RegistryOutput::Inline {
        writer.lift();
    }
    if !writer.errors.is_empty() {
        return Err(writer.errors);
    }
    writer.name_files();
    Ok(ComposedSet {
        files: writer.write(values),
    })
}

/// A parameter declaration to add to a template.
#[derive(Clone, Debug)]
struct Declaration {
    name: String,
    definition: Node,
}

struct Writer<'w, 's> {
    composition: &'w Composition<'s>,
    resolution: &'w Resolution,
    mode: RegistryOutput,
    errors: Vec<ComposeError>,
    /// Templates to write: modules first, then nested ones in walk order.
    templates: Vec<FileId>,
    /// The module templates.
    modules: HashSet<FileId>,
    /// The implementation of each slot.
    implementations: HashMap<usize, Implementation>,
    /// Slots that use each template.
    callers: HashMap<FileId, Vec<usize>>,
    /// Parameters each slot is to pass on.
    passes: HashMap<usize, Vec<String>>,
    /// Declarations each template is to gain.
    declarations: HashMap<FileId, Vec<Declaration>>,
    /// Parameters whose `default` and `constraints` move out of each template.
    moved: HashMap<FileId, HashSet<String>>,
    /// Values found for lifted parameters: nested defaults.
    lifted_defaults: HashMap<String, Node>,
    /// Output names by input file.
    names: HashMap<FileId, String>,
    /// `get_file` targets to copy.
    artifacts: Vec<FileId>,
}

impl<'w, 's> Writer<'w, 's> {
    fn new(
        composition: &'w Composition<'s>,
        resolution: &'w Resolution,
        mode: RegistryOutput,
    ) -> Writer<'w, 's> {
        Writer {
            composition,
            resolution,
            mode,
            errors: resolution
                .errors
                .iter()
                .cloned()
                .map(ComposeError::Choice)
                .collect(),
            templates: Vec::new(),
            modules: resolution.modules.iter().map(|m| m.module).collect(),
            implementations: HashMap::new(),
            callers: HashMap::new(),
            passes: HashMap::new(),
            declarations: HashMap::new(),
            moved: HashMap::new(),
            lifted_defaults: HashMap::new(),
            names: HashMap::new(),
            artifacts: Vec::new(),
        }
    }

    fn path(&self, file: FileId) -> &str {
        &self.composition.set.file(file).path
    }

    /// Gathers every template reached and the implementation of every slot.
    fn collect(&mut self) {
        let set = self.composition.set;
        let mut listed: HashSet<FileId> = HashSet::new();
        for module in &self.resolution.modules {
            if listed.insert(module.module) {
                self.templates.push(module.module);
            }
        }
        for module in &self.resolution.modules {
            for &template in &module.templates {
                if listed.insert(template) {
                    self.templates.push(template);
                }
            }
            for used in &module.uses {
                let slot = &self.composition.slots[used.slot];
                let at = |f: &Writer<'_, '_>| {
                    (
                        f.path(slot.template).to_owned(),
                        slot.span.line,
                        slot.span.column,
                    )
                };
                match &used.implementation {
                    Implementation::Unresolved(resource_type) => {
                        let (file, line, column) = at(self);
                        self.errors.push(ComposeError::Unresolved {
                            file,
                            line,
                            column,
                            resource_type: resource_type.clone(),
                        });
                        continue;
                    }
                    Implementation::Missing(target) => {
                        let (file, line, column) = at(self);
                        self.errors.push(ComposeError::Missing {
                            file,
                            line,
                            column,
                            target: target.clone(),
                        });
                        continue;
                    }
                    Implementation::Template(child) => {
                        let callers = self.callers.entry(*child).or_default();
                        if !callers.contains(&used.slot) {
                            callers.push(used.slot);
                        }
                    }
                    Implementation::Builtin(_) => {}
                }
                match self.implementations.get(&used.slot) {
                    Some(known)
                        if *known != used.implementation && self.mode == RegistryOutput::Inline =>
                    {
                        let describe = |i: &Implementation| match i {
                            Implementation::Template(f) => set.file(*f).path.clone(),
                            Implementation::Builtin(t)
                            | Implementation::Missing(t)
                            | Implementation::Unresolved(t) => t.clone(),
                        };
                        self.errors.push(ComposeError::Conflict {
                            file: self.path(slot.template).to_owned(),
                            resource: slot.resource.clone(),
                            first: describe(known),
                            second: describe(&used.implementation),
                        });
                    }
                    Some(_) => {}
                    None => {
                        self.implementations
                            .insert(used.slot, used.implementation.clone());
                    }
                }
            }
        }
        for &template in &self.templates {
            if set.template(template).is_none() {
                self.errors.push(ComposeError::Unreadable {
                    file: set.file(template).path.clone(),
                });
            }
        }
    }

    /// A file's output name (its input path when it was given none).
    fn name(&self, file: FileId) -> String {
        self.names
            .get(&file)
            .cloned()
            .unwrap_or_else(|| self.path(file).to_owned())
    }

    fn is_module(&self, template: FileId) -> bool {
        self.modules.contains(&template)
    }

    fn declares(&self, template: FileId, name: &str) -> bool {
        self.composition
            .set
            .template(template)
            .is_some_and(|t| t.parameter(name).is_some())
            || self
                .declarations
                .get(&template)
                .is_some_and(|d| d.iter().any(|d| d.name == name))
    }

    /// Passes every parameter of every nested template explicitly from its callers,
    /// declaring it in each caller up to the module.
    fn lift(&mut self) {
        let set = self.composition.set;
        let mut work: VecDeque<(FileId, String, Node)> = VecDeque::new();
        let mut queued: HashSet<(FileId, String)> = HashSet::new();
        for &template in &self.templates {
            if self.is_module(template) {
                continue;
            }
            let Some(view) = set.template(template) else {
                continue;
            };
            let callers = self.callers.get(&template).cloned().unwrap_or_default();
            for (name, definition) in view.parameters() {
                let unpassed = callers
                    .iter()
                    .any(|&s| !self.composition.slots[s].passes.contains(&name.text));
                if unpassed && queued.insert((template, name.text.clone())) {
                    // The nested declaration gives up its default and constraints to the module.
                    if let Some(default) = definition.get("default").filter(|d| !d.is_null()) {
                        self.lifted_defaults
                            .entry(name.text.clone())
                            .or_insert_with(|| default.clone());
                    }
                    self.moved
                        .entry(template)
                        .or_default()
                        .insert(name.text.clone());
                    work.push_back((template, name.text.clone(), definition.clone()));
                }
            }
        }
        while let Some((template, name, definition)) = work.pop_front() {
            let callers = self.callers.get(&template).cloned().unwrap_or_default();
            for slot_index in callers {
                let slot = &self.composition.slots[slot_index];
                let passes = self.passes.entry(slot_index).or_default();
                if slot.passes.contains(&name) || passes.contains(&name) {
                    continue;
                }
                passes.push(name.clone());
                let parent = slot.template;
                if self.declares(parent, &name) {
                    continue;
                }
                let module = self.is_module(parent);
                let mut declared = definition.clone();
                if let Some(m) = declared.as_map_mut() {
                    m.remove("default");
                    if !module {
                        m.remove("constraints");
                    }
                }
                self.declarations
                    .entry(parent)
                    .or_default()
                    .push(Declaration {
                        name: name.clone(),
                        definition: declared,
                    });
                if !module && queued.insert((parent, name.clone())) {
                    work.push_back((parent, name.clone(), definition.clone()));
                }
            }
        }
    }

    /// Output names: flat and ONAP-safe in inline mode, the input layout otherwise.
    fn name_files(&mut self) {
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

    /// Writes every file.
    fn write(&self, values: &BTreeMap<String, Node>) -> Vec<ComposedFile> {
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
        for section in crate::hot::COMPOSITION_TEMPLATE_SECTIONS {
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
            crate::yaml::write::to_string(&root).into_bytes()
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

    /// A module's environment: the merged environment in effect, its values for the module's
    /// parameters, and (in env mode) one registry mapping per used type.
    fn environment(&self, module: FileId, values: &BTreeMap<String, Node>) -> ComposedFile {
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
            bytes: crate::yaml::write::to_string(&map(sections)).into_bytes(),
            role: ComposedRole::Environment,
            source: None,
        }
    }

    /// One mapping per type the module uses: the first implementation at the top, any other
    /// under `resources:` for the resource that needs it.
    fn registry(&self, module: &super::resolve::ModuleComposition, env_path: &str) -> Node {
        let set = self.composition.set;
        let mut top: Vec<(String, String)> = Vec::new();
        let mut per_resource: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        for used in &module.uses {
            let slot = &self.composition.slots[used.slot];
            if crate::hot::template::is_template_reference(&slot.written) {
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

fn declared_by_module(set: &crate::hot::HotSet, module: FileId, name: &str) -> bool {
    set.template(module)
        .is_some_and(|t| t.parameter(name).is_some())
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

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// ONAP's nested file name (R-76057, R-56438): letters, digits and `_`, no `base`, `.yaml`.
fn nested_name(path: &str) -> String {
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

/// `to` (a package path) relative to the folder of `from`.
fn relative(from: &str, to: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_names_follow_onap() {
        assert_eq!(nested_name("nodes/fw-node.dpdk.yml"), "fw_node_dpdk.yaml");
        assert_eq!(nested_name("db/database.yaml"), "databse.yaml");
        assert_eq!(nested_name("BASE_x.yaml"), "bse_x.yaml");
    }

    #[test]
    fn relative_paths_climb_and_descend() {
        assert_eq!(relative("base.env", "nodes/a.yaml"), "nodes/a.yaml");
        assert_eq!(relative("env/site.env", "nodes/a.yaml"), "../nodes/a.yaml");
        assert_eq!(relative("a/b.env", "a/c/d.yaml"), "c/d.yaml");
    }

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
