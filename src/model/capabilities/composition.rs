//! Everything a set offers for composition, read once: annotations, typed registries, the
//! capabilities map, which templates implement which types, and every place a type is named.

use std::collections::{BTreeMap, HashMap};

use crate::foundation::diagnostics::Span;
use crate::model::hot::{FileId, HotSet, Role, TemplateKind};

use super::annotation::{self, Annotation};
use super::environment::parameter_types;
use super::map::{self, CapabilitiesMap};
use super::problem::Problem;
use super::registry::{self, RegistryEntry};

/// A place where a template names a resource type (see [`crate::model::hot::template::TypeSlot`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    /// The template.
    pub template: FileId,
    /// The resource.
    pub resource: String,
    /// The type as written.
    pub written: String,
    /// Where the type is written.
    pub span: Span,
    /// Dotted path of the `type:` value.
    pub path: String,
    /// The group property holding the member definition, for group members.
    pub member_of: Option<&'static str>,
    /// The property names the resource passes to its implementation.
    pub passes: Vec<String>,
}

/// The composition data of a set.
#[derive(Debug)]
pub struct Composition<'s> {
    /// The set.
    pub set: &'s HotSet,
    /// Annotations of the templates that have one.
    pub annotations: Vec<Annotation>,
    annotation_of: HashMap<FileId, usize>,
    /// Registry entries of each environment file.
    pub registries: BTreeMap<FileId, Vec<RegistryEntry>>,
    /// The TripleO capabilities map, when the set has one.
    pub map: Option<CapabilitiesMap>,
    /// Templates by the resource types they say they implement.
    pub implementers: BTreeMap<String, Vec<FileId>>,
    /// Declared parameter types by name (for merging environments).
    pub parameter_types: HashMap<String, String>,
    /// Every place a type is named, per template in set order.
    pub slots: Vec<Slot>,
    slots_of: HashMap<FileId, (usize, usize)>,
    unpaired: Vec<FileId>,
    /// What could not be read.
    pub problems: Vec<Problem>,
}

impl<'s> Composition<'s> {
    /// Reads the composition data of `set`.
    pub fn read(set: &'s HotSet) -> Composition<'s> {
        let mut problems = Vec::new();
        let mut annotations = Vec::new();
        let mut slots = Vec::new();
        let mut slots_of = HashMap::new();
        for template in set.templates() {
            if let Some(a) = annotation::read(&template, &mut problems) {
                annotations.push(a);
            }
            let start = slots.len();
            slots.extend(template.type_slots().into_iter().map(|slot| {
                Slot {
                    template: template.id,
                    resource: slot.resource.text.clone(),
                    written: slot.written.to_owned(),
                    span: slot.type_node.span,
                    path: slot.path(),
                    member_of: slot.member_of,
                    passes: slot
                        .properties()
                        .into_iter()
                        .flat_map(|p| p.iter().map(|(k, _)| k.text.clone()))
                        .collect(),
                }
            }));
            slots_of.insert(template.id, (start, slots.len()));
        }
        let annotation_of = annotations
            .iter()
            .enumerate()
            .map(|(i, a)| (a.template, i))
            .collect();
        let mut implementers: BTreeMap<String, Vec<FileId>> = BTreeMap::new();
        for a in &annotations {
            for (kind, _) in &a.resource_types {
                implementers
                    .entry(kind.clone())
                    .or_default()
                    .push(a.template);
            }
        }
        let files = registry::registry_files(set);
        let composing = set.is_composing();
        let registries = set
            .environments()
            .map(|env| {
                let entries = registry::read(&env, &files, composing, &mut problems);
                (env.id, entries)
            })
            .collect();
        let map = map::read(set, &mut problems);
        let paired: std::collections::HashSet<FileId> =
            set.modules.iter().filter_map(|m| m.env).collect();
        let unpaired = (0..set.files.len())
            .filter(|&id| set.files[id].role == Role::Environment && !paired.contains(&id))
            .collect();
        Composition {
            set,
            annotations,
            annotation_of,
            registries,
            map,
            implementers,
            parameter_types: parameter_types(set),
            slots,
            slots_of,
            unpaired,
            problems,
        }
    }

    /// The annotation of a template, when it has one.
    pub fn annotation(&self, template: FileId) -> Option<&Annotation> {
        self.annotation_of
            .get(&template)
            .map(|&i| &self.annotations[i])
    }

    /// Indices into [`Composition::slots`] of one template's slots.
    pub fn slot_range(&self, template: FileId) -> std::ops::Range<usize> {
        match self.slots_of.get(&template) {
            Some(&(start, end)) => start..end,
            None => 0..0,
        }
    }

    /// The type slots of one template.
    pub fn slots_of(&self, template: FileId) -> &[Slot] {
        &self.slots[self.slot_range(template)]
    }

    /// Module templates (base, incremental, volume), in set order.
    pub fn modules(&self) -> Vec<FileId> {
        self.set.modules.iter().map(|m| m.template).collect()
    }

    /// The environment paired with a module.
    pub fn paired_env(&self, module: FileId) -> Option<FileId> {
        self.set
            .modules
            .iter()
            .find(|m| m.template == module)
            .and_then(|m| m.env)
    }

    /// Environment files no module is paired with, in set order.
    pub fn unpaired_envs(&self) -> &[FileId] {
        &self.unpaired
    }

    /// True for a nested template.
    pub fn is_nested(&self, template: FileId) -> bool {
        self.set.file(template).role == Role::Template(TemplateKind::Nested)
    }
}
