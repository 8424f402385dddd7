//! What implements every resource of a module: registry entries (per resource, exact, then
//! the longest glob), aliases followed, decided choices applied, nested templates walked.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::model::hot::{FileId, ReferenceKind, registry_matches};

use super::super::composition::{Composition, Slot};
use super::super::environment::{MergedEnvironment, merge};
use super::super::problem::Problem;
use super::super::registry::{RegistryEntry, RegistryValue, Target, alias_target};
use super::choice::{ChoiceOutcome, ChoiceSource};
use super::environments::stack;
use super::resolution::{Implementation, ModuleComposition, Use};

/// Every module with its merged environment (merge problems added to `problems`) and what
/// implements each of its resources.
pub(super) fn modules(
    composition: &Composition<'_>,
    enabled: &[FileId],
    disabled: &[FileId],
    outcomes: &[ChoiceOutcome],
    problems: &mut Vec<Problem>,
) -> Vec<ModuleComposition> {
    let by_key: HashMap<&str, usize> = outcomes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.choice.resource_type.as_str(), i))
        .collect();
    let nested_files = nested_references(composition);
    composition
        .modules()
        .into_iter()
        .map(|module| {
            let files = stack(composition, module, enabled, disabled);
            let environment = merge(
                composition.set,
                &files,
                &composition.registries,
                &composition.parameter_types,
                problems,
            );
            let lookup = Lookup {
                composition,
                environment: &environment,
                globs: environment
                    .registry
                    .values()
                    .filter(|e| e.key.ends_with('*'))
                    .collect(),
                outcomes,
                by_key: &by_key,
                nested_files: &nested_files,
            };
            let (uses, templates) = lookup.walk(module);
            ModuleComposition {
                module,
                environment,
                uses,
                templates,
            }
        })
        .collect()
}

/// The loader's resolution of template-file types: `(template, key path)` → file.
fn nested_references(composition: &Composition<'_>) -> HashMap<(FileId, String), FileId> {
    composition
        .set
        .references
        .iter()
        .filter(|r| r.kind == ReferenceKind::NestedType)
        .filter_map(|r| Some(((r.from, r.path.clone()), *r.resolved.as_ref().ok()?)))
        .collect()
}

/// Looks implementations up in one module's merged environment.
struct Lookup<'l, 's> {
    composition: &'l Composition<'s>,
    environment: &'l MergedEnvironment,
    globs: Vec<&'l RegistryEntry>,
    outcomes: &'l [ChoiceOutcome],
    by_key: &'l HashMap<&'l str, usize>,
    nested_files: &'l HashMap<(FileId, String), FileId>,
}

impl Lookup<'_, '_> {
    /// Every slot of every template reached from `module`, breadth first.
    fn walk(&self, module: FileId) -> (Vec<Use>, Vec<FileId>) {
        let mut uses = Vec::new();
        let mut templates = vec![module];
        let mut seen: HashSet<FileId> = HashSet::from([module]);
        let mut queue = VecDeque::from([module]);
        while let Some(template) = queue.pop_front() {
            for index in self.composition.slot_range(template) {
                let implementation = self.implementation(&self.composition.slots[index]);
                if let Implementation::Template(child) = implementation
                    && seen.insert(child)
                {
                    templates.push(child);
                    queue.push_back(child);
                }
                uses.push(Use {
                    slot: index,
                    implementation,
                });
            }
        }
        (uses, templates)
    }

    /// What implements one slot.
    fn implementation(&self, slot: &Slot) -> Implementation {
        if crate::model::hot::template::is_template_reference(&slot.written) {
            return match self.nested_files.get(&(slot.template, slot.path.clone())) {
                Some(&file) => Implementation::Template(file),
                None => Implementation::Missing(slot.written.clone()),
            };
        }
        let mut current = slot.written.clone();
        // Aliases are followed until a type repeats (a loop leaves the type unimplemented).
        let mut seen: HashSet<String> = HashSet::new();
        while seen.insert(current.clone()) {
            let entry = self.entry(&slot.resource, &current);
            let key = entry.map_or(current.as_str(), |e| e.key.as_str());
            if let Some(&index) = self.by_key.get(key) {
                let outcome = &self.outcomes[index];
                let matches_source = match (&outcome.choice.source, entry) {
                    (ChoiceSource::Annotations, None) => true,
                    (ChoiceSource::Annotations, Some(_)) => false,
                    (_, Some(e)) => e.resource.is_none(),
                    (_, None) => false,
                };
                if matches_source {
                    match outcome.chosen() {
                        Some(candidate) => match &candidate.target {
                            Target::Template { file: Some(f), .. } => {
                                return Implementation::Template(*f);
                            }
                            Target::Template { written, .. } => {
                                return Implementation::Missing(written.clone());
                            }
                            Target::Alias(alias) => {
                                current = alias_target(key, alias, &current);
                                continue;
                            }
                        },
                        None => return Implementation::Unresolved(current),
                    }
                }
            }
            let Some(entry) = entry else {
                return Implementation::Builtin(current);
            };
            match &entry.value {
                RegistryValue::Unset => return Implementation::Builtin(current),
                RegistryValue::One(Target::Template { file: Some(f), .. }, _) => {
                    return Implementation::Template(*f);
                }
                RegistryValue::One(Target::Template { written, .. }, _) => {
                    return Implementation::Missing(written.clone());
                }
                RegistryValue::One(Target::Alias(alias), _) => {
                    let next = alias_target(&entry.key, alias, &current);
                    // `OS::X: OS::X` names Heat's own type.
                    if next == current {
                        return Implementation::Builtin(current);
                    }
                    current = next;
                }
                RegistryValue::Candidates(_) => return Implementation::Unresolved(current),
            }
        }
        Implementation::Unresolved(current)
    }

    /// The registry entry that maps `resource_type` for `resource`: its own per-resource
    /// entry, the exact type, else the longest matching glob.
    fn entry(&self, resource: &str, resource_type: &str) -> Option<&RegistryEntry> {
        let own = self
            .environment
            .resources
            .iter()
            .filter(|(name, _)| registry_matches(name, resource))
            .flat_map(|(_, entries)| entries.iter())
            .find(|e| registry_matches(&e.key, resource_type));
        own.or_else(|| self.environment.registry.get(resource_type))
            .or_else(|| {
                self.globs
                    .iter()
                    .copied()
                    .filter(|e| registry_matches(&e.key, resource_type))
                    .max_by_key(|e| e.key.len())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::choice::Outcome;
    use super::super::sample::{self, resolver};
    use super::*;
    use crate::model::hot::HotSet;

    /// The resources of a vDNS edge module, naming types every way a registry can map them.
    const EDGE: [(&str, &str); 8] = [
        ("dns_node_0", "OS::VDNS::Resolver"),
        ("dns_node_1", "OS::VDNS::Resolver"),
        ("dns_lb_0", "OS::Octavia::LoadBalancer"),
        ("dns_net_0", "OS::Quantum::Net"),
        ("dns_health_0", "OS::VDNS::Health"),
        ("dns_probe_0", "OS::VDNS::Probe"),
        ("dns_loop_0", "OS::VDNS::Ping"),
        ("dns_config_0", "configs/missing.yaml"),
    ];

    const EDGE_ENV: &str = "resource_registry:
  OS::VDNS::Resolver: resolvers/bind.yaml
  \"OS::Quantum*\": \"OS::Neutron*\"
  \"OS::Q*\": OS::Heat::None
  OS::Octavia::LoadBalancer: OS::Octavia::LoadBalancer
  OS::VDNS::Health: OS::VDNS::Probe
  OS::VDNS::Probe: null
  OS::VDNS::Ping: OS::VDNS::Pong
  OS::VDNS::Pong: OS::VDNS::Ping
  resources:
    dns_node_1:
      OS::VDNS::Resolver: resolvers/unbound.yaml
";

    fn edge() -> HotSet {
        let mut module =
            "heat_template_version: 2016-10-14\ndescription: vDNS edge module\nresources:\n"
                .to_owned();
        for (resource, kind) in EDGE {
            module.push_str(&format!("  {resource}:\n    type: {kind}\n"));
        }
        sample::set(&[
            ("base_edge.yaml", &module),
            ("base_edge.env", EDGE_ENV),
            ("resolvers/bind.yaml", &resolver("")),
            ("resolvers/unbound.yaml", &resolver("")),
        ])
    }

    /// What implements each resource of the first module, as `resource: implementation`.
    fn implementations(set: &HotSet, outcomes: &[ChoiceOutcome]) -> Vec<(String, Implementation)> {
        let composition = Composition::read(set);
        let mut problems = Vec::new();
        let modules = modules(&composition, &[], &[], outcomes, &mut problems);
        assert_eq!(problems, []);
        modules[0]
            .uses
            .iter()
            .map(|u| {
                (
                    composition.slots[u.slot].resource.clone(),
                    u.implementation.clone(),
                )
            })
            .collect()
    }

    #[test]
    fn every_registry_form_leads_to_its_implementation() {
        let set = edge();
        let bind = sample::id(&set, "resolvers/bind.yaml");
        let unbound = sample::id(&set, "resolvers/unbound.yaml");
        let builtin = |t: &str| Implementation::Builtin(t.to_owned());
        let found = implementations(&set, &[]);
        let module: Vec<(&str, &Implementation)> =
            found.iter().take(8).map(|(r, i)| (r.as_str(), i)).collect();
        assert_eq!(
            module,
            [
                ("dns_node_0", &Implementation::Template(bind)),
                // The resource's own registry beats the type's entry.
                ("dns_node_1", &Implementation::Template(unbound)),
                // `OS::X: OS::X` names Heat's own type.
                ("dns_lb_0", &builtin("OS::Octavia::LoadBalancer")),
                // The longest glob wins and keeps the rest of the name.
                ("dns_net_0", &builtin("OS::Neutron::Net")),
                // An alias is followed to an entry that clears the type.
                ("dns_health_0", &builtin("OS::VDNS::Probe")),
                ("dns_probe_0", &builtin("OS::VDNS::Probe")),
                // An alias loop leaves the type unimplemented.
                (
                    "dns_loop_0",
                    &Implementation::Unresolved("OS::VDNS::Ping".to_owned())
                ),
                (
                    "dns_config_0",
                    &Implementation::Missing("configs/missing.yaml".to_owned())
                ),
            ]
        );
        // Then the nested templates' own resources, each template walked once.
        assert_eq!(found.len(), 10);
        assert!(
            found[8..]
                .iter()
                .all(|(r, i)| r == "dns_server_0" && *i == builtin("OS::Nova::Server"))
        );
    }

    #[test]
    fn the_walk_lists_the_templates_reached_module_first() {
        let set = edge();
        let composition = Composition::read(&set);
        let mut problems = Vec::new();
        let modules = modules(&composition, &[], &[], &[], &mut problems);
        assert_eq!(modules.len(), 1);
        let paths: Vec<&str> = modules[0]
            .templates
            .iter()
            .map(|&t| set.file(t).path.as_str())
            .collect();
        assert_eq!(
            paths,
            [
                "base_edge.yaml",
                "resolvers/bind.yaml",
                "resolvers/unbound.yaml"
            ]
        );
        let env = sample::id(&set, "base_edge.env");
        assert_eq!(modules[0].environment.files, [env]);
    }

    /// What implements the resolver of a module whose registry lists two candidates, when
    /// the choice is decided by `chosen` (or not); with the set.
    fn listed(chosen: Option<usize>) -> (HotSet, Implementation) {
        let set = sample::listed();
        let source = ChoiceSource::RegistryList {
            env: sample::id(&set, "base_vdns.env"),
            span: Default::default(),
        };
        let mut outcome = sample::outcome(
            &set,
            source,
            &["resolvers/bind.yaml", "resolvers/unbound.yaml"],
            chosen,
        );
        if chosen.is_none() {
            outcome.outcome = Outcome::Unresolved {
                rejected: Vec::new(),
            };
        }
        let (resource, implementation) = implementations(&set, &[outcome]).remove(0);
        assert_eq!(resource, "dns_node_0");
        (set, implementation)
    }

    #[test]
    fn a_listed_type_takes_the_decided_candidate() {
        let (set, implementation) = listed(Some(1));
        let unbound = sample::id(&set, "resolvers/unbound.yaml");
        assert_eq!(implementation, Implementation::Template(unbound));
        let (_, implementation) = listed(None);
        assert_eq!(
            implementation,
            Implementation::Unresolved("OS::VDNS::Resolver".to_owned())
        );
    }
}
