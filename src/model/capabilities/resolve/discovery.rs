//! Which types offer a choice once the environments in effect are merged: registry lists,
//! alternative environment files, and types only annotations implement.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::foundation::diagnostics::Span;
use crate::model::hot::{FileId, registry_matches};

use super::super::composition::Composition;
use super::super::environment::MergedEnvironment;
use super::super::registry::{RegistryValue, Target};
use super::choice::{Candidate, Choice, ChoiceSource};

/// The choices the set offers once the environments in effect are merged.
pub(super) fn find_choices(
    composition: &Composition<'_>,
    effective: &MergedEnvironment,
) -> Vec<Choice> {
    let set = composition.set;
    let mut choices: Vec<Choice> = Vec::new();
    let alternatives = if composition.map.is_none() && !set.given_roots {
        alternatives(composition)
    } else {
        Vec::new()
    };
    let alternative_keys: HashSet<String> = alternatives
        .iter()
        .map(|c| c.resource_type.clone())
        .collect();
    for entry in effective.registry.values() {
        if let RegistryValue::Candidates(items) = &entry.value
            && !alternative_keys.contains(&entry.key)
        {
            choices.push(Choice {
                resource_type: entry.key.clone(),
                source: ChoiceSource::RegistryList {
                    env: entry.env,
                    span: entry.key_span,
                },
                candidates: items
                    .iter()
                    .map(|(target, span)| Candidate {
                        target: target.clone(),
                        places: vec![(entry.env, *span)],
                    })
                    .collect(),
            });
        }
    }
    choices.extend(alternatives);
    // Types no registry in effect maps, implemented by annotated templates.
    let globs: Vec<&str> = effective
        .registry
        .keys()
        .filter(|k| k.ends_with('*'))
        .map(String::as_str)
        .collect();
    let mut seen: HashSet<&str> = HashSet::new();
    for slot in &composition.slots {
        let kind = slot.written.as_str();
        if crate::model::hot::template::is_template_reference(kind)
            || effective.registry.contains_key(kind)
            || globs.iter().any(|g| registry_matches(g, kind))
            || !seen.insert(kind)
        {
            continue;
        }
        let Some(implementers) = composition.implementers.get(kind) else {
            continue;
        };
        choices.push(Choice {
            resource_type: kind.to_owned(),
            source: ChoiceSource::Annotations,
            candidates: implementers
                .iter()
                .map(|&file| Candidate {
                    target: Target::Template {
                        written: set.file(file).path.clone(),
                        file: Some(file),
                    },
                    places: composition
                        .annotation(file)
                        .into_iter()
                        .flat_map(|a| a.resource_types.iter())
                        .filter(|(t, _)| t == kind)
                        .map(|(_, span)| (file, *span))
                        .collect(),
                })
                .collect(),
        });
    }
    choices.sort_by(|a, b| a.resource_type.cmp(&b.resource_type));
    choices
}

/// Types that environment files no module is paired with map to different implementations,
/// unless a paired environment maps the type itself.
fn alternatives(composition: &Composition<'_>) -> Vec<Choice> {
    let paired: HashSet<&str> = composition
        .set
        .modules
        .iter()
        .filter_map(|m| m.env)
        .filter_map(|env| composition.registries.get(&env))
        .flatten()
        .map(|e| e.key.as_str())
        .collect();
    // key → (envs, candidates, candidate index by identity)
    type Offers = (Vec<FileId>, Vec<Candidate>, HashMap<Target, usize>);
    let mut by_key: BTreeMap<&str, Offers> = BTreeMap::new();
    for &env in composition.unpaired_envs() {
        for entry in composition.registries.get(&env).into_iter().flatten() {
            if entry.resource.is_some() || paired.contains(entry.key.as_str()) {
                continue;
            }
            let items: Vec<(Target, Span)> = match &entry.value {
                RegistryValue::One(target, span) => vec![(target.clone(), *span)],
                RegistryValue::Candidates(list) => list.clone(),
                RegistryValue::Unset => continue,
            };
            let (envs, candidates, index) = by_key.entry(entry.key.as_str()).or_default();
            // Environment files come in order, so a repeat is always the last one.
            if envs.last() != Some(&env) {
                envs.push(env);
            }
            for (target, span) in items {
                match index.get(&identity(&target)) {
                    Some(&known) => candidates[known].places.push((env, span)),
                    None => {
                        index.insert(identity(&target), candidates.len());
                        candidates.push(Candidate {
                            target,
                            places: vec![(env, span)],
                        });
                    }
                }
            }
        }
    }
    by_key
        .into_iter()
        .filter(|(_, (envs, candidates, _))| envs.len() > 1 && candidates.len() > 1)
        .map(|(key, (envs, candidates, _))| Choice {
            resource_type: key.to_owned(),
            source: ChoiceSource::Alternatives { envs },
            candidates,
        })
        .collect()
}

/// What makes two targets the same implementation: the same loaded file, else the same text.
fn identity(target: &Target) -> Target {
    match target {
        Target::Template { file: Some(f), .. } => Target::Template {
            written: String::new(),
            file: Some(*f),
        },
        other => other.clone(),
    }
}

/// Two targets name the same implementation.
pub(super) fn same_target(a: &Target, b: &Target) -> bool {
    identity(a) == identity(b)
}

#[cfg(test)]
mod tests {
    use super::super::sample::{self, MODULE, resolver};
    use super::*;
    use crate::model::capabilities::environment::merge;
    use crate::model::hot::HotSet;

    /// The choices of `set` with every environment file merged in set order.
    fn choices(set: &HotSet) -> Vec<Choice> {
        let composition = Composition::read(set);
        let envs: Vec<FileId> = set.environments().map(|e| e.id).collect();
        let mut problems = Vec::new();
        let effective = merge(
            set,
            &envs,
            &composition.registries,
            &composition.parameter_types,
            &mut problems,
        );
        find_choices(&composition, &effective)
    }

    fn labels(set: &HotSet, choice: &Choice) -> Vec<String> {
        choice
            .candidates
            .iter()
            .map(|c| c.target.label(set))
            .collect()
    }

    #[test]
    fn a_registry_list_is_a_choice_placed_at_its_key_and_items() {
        let set = sample::listed();
        let env = sample::id(&set, "base_vdns.env");
        let found = choices(&set);
        assert_eq!(found.len(), 1);
        let ChoiceSource::RegistryList { env: at, span } = found[0].source else {
            panic!("{:?}", found[0].source);
        };
        assert_eq!((at, span.line, span.column), (env, 3, 3));
        assert_eq!(
            labels(&set, &found[0]),
            ["resolvers/bind.yaml", "resolvers/unbound.yaml"]
        );
        let columns: Vec<u32> = found[0]
            .candidates
            .iter()
            .map(|c| c.places[0].1.column)
            .collect();
        assert_eq!(columns, [24, 45]);
    }

    #[test]
    fn unpaired_environments_mapping_a_type_differently_are_alternatives() {
        let set = sample::alternatives_with(&[(
            "environments/bind_again.yaml",
            "resource_registry:\n  OS::VDNS::Resolver: ../resolvers/./bind.yaml\n",
        )]);
        let found = choices(&set);
        assert_eq!(found.len(), 1, "{found:?}");
        let ChoiceSource::Alternatives { envs } = &found[0].source else {
            panic!("{:?}", found[0].source);
        };
        assert_eq!(envs.len(), 3);
        // The same file written two ways is one candidate named in two places.
        assert_eq!(
            labels(&set, &found[0]),
            ["resolvers/bind.yaml", "resolvers/unbound.yaml"]
        );
        assert_eq!(found[0].candidates[0].places.len(), 2);
    }

    #[test]
    fn a_type_the_paired_environment_maps_is_no_alternative() {
        let set = sample::alternatives_with(&[(
            "base_vdns.env",
            "resource_registry:\n  OS::VDNS::Resolver: resolvers/bind.yaml\n",
        )]);
        assert_eq!(choices(&set), []);
    }

    #[test]
    fn a_type_no_registry_maps_is_a_choice_among_the_templates_that_declare_it() {
        let set = sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "resolvers/bind.yaml",
                &resolver("  resource_type: OS::VDNS::Resolver\n"),
            ),
            (
                "resolvers/unbound.yaml",
                &resolver("  resource_type: [OS::VDNS::Cache, OS::VDNS::Resolver]\n"),
            ),
        ]);
        let found = choices(&set);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].resource_type, "OS::VDNS::Resolver");
        assert_eq!(found[0].source, ChoiceSource::Annotations);
        assert_eq!(
            labels(&set, &found[0]),
            ["resolvers/bind.yaml", "resolvers/unbound.yaml"]
        );
        // Each candidate is placed where it names the type.
        let places: Vec<(u32, u32)> = found[0]
            .candidates
            .iter()
            .map(|c| (c.places[0].1.line, c.places[0].1.column))
            .collect();
        assert_eq!(places, [(4, 18), (4, 36)]);
    }

    #[test]
    fn a_glob_in_the_registry_takes_the_type_out_of_the_annotations_choice() {
        let set = sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "base_vdns.env",
                "resource_registry:\n  \"OS::VDNS::*\": OS::Heat::None\n",
            ),
            (
                "resolvers/bind.yaml",
                &resolver("  resource_type: OS::VDNS::Resolver\n"),
            ),
        ]);
        assert_eq!(choices(&set), []);
    }

    #[test]
    fn choices_come_sorted_by_type() {
        let set = sample::set(&[
            (
                "base_vdns.yaml",
                &MODULE.replace(
                    "resources:\n",
                    "resources:\n  dns_cache_0:\n    type: OS::VDNS::Cache\n",
                ),
            ),
            (
                "base_vdns.env",
                "resource_registry:\n  OS::VDNS::Resolver: [resolvers/bind.yaml, resolvers/unbound.yaml]\n",
            ),
            (
                "resolvers/bind.yaml",
                &resolver("  resource_type: OS::VDNS::Cache\n"),
            ),
            ("resolvers/unbound.yaml", &resolver("")),
        ]);
        let types: Vec<String> = choices(&set).into_iter().map(|c| c.resource_type).collect();
        assert_eq!(types, ["OS::VDNS::Cache", "OS::VDNS::Resolver"]);
    }

    #[test]
    fn targets_are_the_same_by_file_else_by_text() {
        let by_file = |written: &str| Target::Template {
            written: written.to_owned(),
            file: Some(3),
        };
        assert!(same_target(&by_file("a.yaml"), &by_file("./a.yaml")));
        let missing = |written: &str| Target::Template {
            written: written.to_owned(),
            file: None,
        };
        assert!(!same_target(&missing("a.yaml"), &missing("b.yaml")));
        assert!(same_target(
            &Target::Alias("OS::Heat::None".to_owned()),
            &Target::Alias("OS::Heat::None".to_owned())
        ));
    }
}
