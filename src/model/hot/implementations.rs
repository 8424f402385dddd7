//! What implements each place a template names a resource type, as Heat would decide it: a
//! nested template (by path, by the set's `resource_registry`, or by a capabilities
//! annotation), another mapping of the set's registry, one of Heat's own types (through its
//! default aliases), or nothing Heat knows. Built once per validation run.

use foldhash::{HashMap, HashMapExt, HashSet};

use super::heat_types::{HeatTypes, Known};
use super::load::registry_matches;
use super::set::{FileId, HotSet};
use super::template::{Environment, Template, TypeSlot};

/// Suffixes that make Heat read a `type:` as a template file (`.yml` is not one of them).
pub const HEAT_TEMPLATE_SUFFIXES: [&str; 2] = [".yaml", ".template"];

/// What implements one type slot.
#[derive(Clone, Debug)]
pub enum Implementation {
    /// One of Heat's types.
    Heat(Known<'static>),
    /// Nested templates (alternatives while a set is being composed).
    Nested(Vec<FileId>),
    /// The set's `resource_registry` maps the type to something that is no loaded template
    /// (another type, `OS::Heat::None`, a file reported elsewhere): not checked here.
    Registry,
    /// A template path that did not load (the missing-file rules report it).
    MissingTemplate,
    /// An address on the web (R-53952 and R-71699 report it).
    Remote,
    /// Nothing Heat knows.
    Unknown,
}

/// One type slot with what implements it.
#[derive(Clone, Debug)]
pub struct Slot<'a> {
    /// The template naming the type.
    pub template: Template<'a>,
    /// Where it is named.
    pub slot: TypeSlot<'a>,
    /// What implements it.
    pub implementation: Implementation,
}

/// The implementation of every type slot of a set.
#[derive(Debug, Default)]
pub struct Implementations<'a> {
    /// Every slot, in template then source order.
    pub slots: Vec<Slot<'a>>,
    /// Positions in `slots` by template and the byte offset of the slot's `type:` value.
    by_offset: HashMap<(FileId, u32), usize>,
    /// Positions in `slots` of each resource's own `type:`, by template and resource id.
    resources: HashMap<(FileId, &'a str), usize>,
    /// Positions in `slots` of each group's member `type:`, by template and resource id.
    members: HashMap<(FileId, &'a str), usize>,
}

impl<'a> Implementations<'a> {
    /// Decides the implementation of every type slot of `templates`.
    pub fn of(set: &HotSet, templates: &[Template<'a>]) -> Implementations<'a> {
        let heat_types = HeatTypes::get();
        let mut nested: HashMap<(FileId, u32), Vec<FileId>> = HashMap::new();
        for edge in &set.nesting {
            if edge.written_in == edge.parent {
                let children = nested.entry((edge.parent, edge.span.start)).or_default();
                if !children.contains(&edge.child) {
                    children.push(edge.child);
                }
            }
        }
        let registry = RegistryKeys::of(set);
        let mut out = Implementations::default();
        for template in templates {
            for slot in template.type_slots() {
                let at = slot.type_node.span.start;
                let position = out.slots.len();
                let ids = match slot.member_of {
                    None => &mut out.resources,
                    Some(_) => &mut out.members,
                };
                ids.insert((template.id, slot.resource.text.as_str()), position);
                out.by_offset.insert((template.id, at), position);
                let children = nested.remove(&(template.id, at));
                // The loader follows `.yml` paths as ONAP names nested files (R-56438), but
                // Heat reads only `.yaml` and `.template` as template types.
                let implementation =
                    if slot.written.ends_with(".yml") && !registry.maps(slot.written) {
                        Implementation::Unknown
                    } else {
                        match children {
                            Some(children) => Implementation::Nested(children),
                            None => decide(slot.written, &registry, heat_types),
                        }
                    };
                out.slots.push(Slot {
                    template: *template,
                    slot,
                    implementation,
                });
            }
        }
        out
    }

    /// The implementation of a slot of `template`.
    pub fn of_slot(&self, template: FileId, slot: &TypeSlot<'_>) -> Option<&Implementation> {
        let at = self.by_offset.get(&(template, slot.type_node.span.start))?;
        Some(&self.slots[*at].implementation)
    }

    /// The implementation of resource `id`'s own `type:` in `template`.
    pub fn of_resource(&self, template: FileId, id: &str) -> Option<&Implementation> {
        let at = self.resources.get(&(template, id))?;
        Some(&self.slots[*at].implementation)
    }

    /// The implementation of the members of group `id` in `template`.
    pub fn of_members(&self, template: FileId, id: &str) -> Option<&Implementation> {
        let at = self.members.get(&(template, id))?;
        Some(&self.slots[*at].implementation)
    }
}

/// Every type the set's environment files map, exactly or by a trailing-`*` glob (also per
/// resource, under `resource_registry: resources:`).
#[derive(Default)]
struct RegistryKeys {
    exact: HashSet<String>,
    globs: Vec<String>,
}

impl RegistryKeys {
    fn of(set: &HotSet) -> RegistryKeys {
        let mut keys = RegistryKeys::default();
        for environment in set.environments() {
            keys.add_from(&environment);
        }
        keys
    }

    fn add_from(&mut self, environment: &Environment<'_>) {
        for (key, value) in environment.registry() {
            if key.text == "resources" {
                let per_resource = value.as_map().into_iter().flat_map(|m| m.iter());
                for (_, mapping) in per_resource {
                    for (inner, _) in mapping.as_map().into_iter().flat_map(|m| m.iter()) {
                        self.add(&inner.text);
                    }
                }
            } else {
                self.add(&key.text);
            }
        }
    }

    fn add(&mut self, key: &str) {
        if key.ends_with('*') {
            self.globs.push(key.to_owned());
        } else {
            self.exact.insert(key.to_owned());
        }
    }

    fn maps(&self, resource_type: &str) -> bool {
        self.exact.contains(resource_type)
            || self
                .globs
                .iter()
                .any(|glob| registry_matches(glob, resource_type))
    }
}

/// Heat's order: the set's registry, then a template path, then its own types.
fn decide(
    written: &str,
    registry: &RegistryKeys,
    heat_types: &'static HeatTypes,
) -> Implementation {
    if registry.maps(written) {
        return Implementation::Registry;
    }
    let lower = written.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return Implementation::Remote;
    }
    if HEAT_TEMPLATE_SUFFIXES
        .iter()
        .any(|suffix| written.ends_with(suffix))
    {
        return Implementation::MissingTemplate;
    }
    match heat_types.resolve(written) {
        Some(known) => Implementation::Heat(known),
        None => Implementation::Unknown,
    }
}
