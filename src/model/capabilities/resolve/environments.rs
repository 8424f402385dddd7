//! Which environment files are in effect: the capabilities map's root and enabled options,
//! else the environments no module is paired with; each module's own environment last.

use std::collections::{BTreeMap, HashSet};

use crate::model::hot::FileId;

use super::super::composition::Composition;
use super::super::registry::RegistryValue;
use super::choice::{ChoiceOutcome, ChoiceSource};
use super::discovery::same_target;
use super::error::ChoiceError;

/// The capabilities-map environments in effect: the root, then each enabled one after the
/// ones it requires, in map order.
pub(super) fn enabled_environments(
    composition: &Composition<'_>,
    answers: &BTreeMap<String, String>,
    errors: &mut Vec<ChoiceError>,
) -> Vec<FileId> {
    let Some(map) = &composition.map else {
        return Vec::new();
    };
    let mut on: HashSet<&str> = HashSet::new();
    for (key, value) in answers {
        if map.option(key).is_none() {
            continue;
        }
        match value.as_str() {
            "true" => {
                on.insert(key.as_str());
            }
            "false" => {}
            other => errors.push(ChoiceError::NotABoolean {
                file: key.clone(),
                value: other.to_owned(),
            }),
        }
    }
    let mut enabled = Vec::new();
    let mut push = |file: Option<FileId>, path: &str, errors: &mut Vec<ChoiceError>| match file {
        Some(id) if !enabled.contains(&id) => enabled.push(id),
        Some(_) => {}
        None => errors.push(ChoiceError::MissingEnvironment {
            file: path.to_owned(),
        }),
    };
    if let Some(root) = &map.root_environment {
        push(root.file, &root.path, errors);
    }
    for (topic, group) in map.groups() {
        let chosen: Vec<_> = group
            .environments
            .iter()
            .filter(|e| on.contains(e.file.path.as_str()))
            .collect();
        if group.mutually_exclusive && chosen.len() > 1 {
            errors.push(ChoiceError::Exclusive {
                group: group.title.clone().unwrap_or_else(|| topic.title.clone()),
                files: chosen.iter().map(|e| e.file.path.clone()).collect(),
            });
        }
        for option in chosen {
            for required in &option.requires {
                push(required.file, &required.path, errors);
            }
            push(option.file.file, &option.file.path, errors);
        }
    }
    enabled
}

/// The environment files in effect for a module, in merge order.
pub(super) fn stack(
    composition: &Composition<'_>,
    module: FileId,
    enabled: &[FileId],
    disabled: &[FileId],
) -> Vec<FileId> {
    let paired = composition.paired_env(module);
    let mut files: Vec<FileId> = if composition.map.is_some() {
        enabled.to_vec()
    } else {
        composition
            .unpaired_envs()
            .iter()
            .copied()
            .filter(|e| !disabled.contains(e))
            .collect()
    };
    if let Some(own) = paired {
        files.retain(|&f| f != own);
        files.push(own);
    }
    files
}

/// Every environment file in effect for some module (or, in a set without modules, every
/// one that would be), in merge order.
pub(super) fn environments_in_effect(
    composition: &Composition<'_>,
    enabled: &[FileId],
) -> Vec<FileId> {
    let mut files = Vec::new();
    let modules = composition.modules();
    if modules.is_empty() {
        return if composition.map.is_some() {
            enabled.to_vec()
        } else {
            composition.unpaired_envs().to_vec()
        };
    }
    for module in modules {
        for file in stack(composition, module, enabled, &[]) {
            if !files.contains(&file) {
                files.push(file);
            }
        }
    }
    files
}

/// Alternative environments that map a decided type to something other than the choice.
pub(super) fn disabled_alternatives(
    composition: &Composition<'_>,
    outcomes: &[ChoiceOutcome],
) -> Vec<FileId> {
    let mut disabled = Vec::new();
    for outcome in outcomes {
        let ChoiceSource::Alternatives { envs } = &outcome.choice.source else {
            continue;
        };
        let Some(chosen) = outcome.chosen() else {
            continue;
        };
        for &env in envs {
            let offers = composition
                .registries
                .get(&env)
                .into_iter()
                .flatten()
                .filter(|e| e.resource.is_none() && e.key == outcome.choice.resource_type)
                .any(|e| match &e.value {
                    RegistryValue::One(target, _) => same_target(target, &chosen.target),
                    RegistryValue::Candidates(list) => {
                        list.iter().any(|(t, _)| same_target(t, &chosen.target))
                    }
                    RegistryValue::Unset => false,
                });
            if !offers && !disabled.contains(&env) {
                disabled.push(env);
            }
        }
    }
    disabled
}

#[cfg(test)]
mod tests {
    use super::super::sample::{self, pairs};
    use super::*;
    use crate::model::hot::HotSet;

    fn paths(set: &HotSet, files: &[FileId]) -> Vec<String> {
        files.iter().map(|&f| set.file(f).path.clone()).collect()
    }

    #[test]
    fn the_root_comes_first_then_each_option_after_what_it_requires() {
        let set = sample::mapped();
        let composition = Composition::read(&set);
        let mut errors = Vec::new();
        let enabled = enabled_environments(
            &composition,
            &pairs(&[
                ("environments/query-log.yaml", "true"),
                ("environments/unbound.yaml", "true"),
                ("environments/bind.yaml", "false"),
            ]),
            &mut errors,
        );
        assert_eq!(errors, []);
        assert_eq!(
            paths(&set, &enabled),
            [
                "vdns-registry.yaml",
                "environments/unbound.yaml",
                "environments/syslog.yaml",
                "environments/query-log.yaml",
            ]
        );
        // The module's own environment comes last.
        let module = sample::id(&set, "base_vdns.yaml");
        let mut expected = paths(&set, &enabled);
        expected.push("base_vdns.env".to_owned());
        assert_eq!(
            paths(&set, &stack(&composition, module, &enabled, &[])),
            expected
        );
        assert_eq!(
            paths(&set, &environments_in_effect(&composition, &enabled)),
            expected
        );
    }

    #[test]
    fn map_answers_that_do_not_fit_are_errors() {
        let set = sample::mapped();
        let composition = Composition::read(&set);
        let mut errors = Vec::new();
        enabled_environments(
            &composition,
            &pairs(&[
                ("environments/bind.yaml", "true"),
                ("environments/unbound.yaml", "true"),
                ("environments/knot.yaml", "true"),
                ("environments/query-log.yaml", "yes"),
                ("OS::VDNS::Resolver", "resolvers/bind.yaml"),
            ]),
            &mut errors,
        );
        assert_eq!(
            errors,
            [
                ChoiceError::NotABoolean {
                    file: "environments/query-log.yaml".to_owned(),
                    value: "yes".to_owned(),
                },
                ChoiceError::Exclusive {
                    group: "Engine".to_owned(),
                    files: vec![
                        "environments/bind.yaml".to_owned(),
                        "environments/unbound.yaml".to_owned(),
                        "environments/knot.yaml".to_owned(),
                    ],
                },
                ChoiceError::MissingEnvironment {
                    file: "environments/knot.yaml".to_owned(),
                },
            ]
        );
    }

    #[test]
    fn without_a_map_every_unpaired_environment_is_in_effect_in_set_order() {
        let set = sample::alternatives();
        let composition = Composition::read(&set);
        let mut errors = Vec::new();
        let enabled = enabled_environments(&composition, &pairs(&[]), &mut errors);
        assert!(enabled.is_empty());
        let module = sample::id(&set, "base_vdns.yaml");
        let unbound = sample::id(&set, "environments/unbound.yaml");
        assert_eq!(
            paths(&set, &stack(&composition, module, &enabled, &[])),
            [
                "environments/bind.yaml",
                "environments/unbound.yaml",
                "base_vdns.env"
            ]
        );
        assert_eq!(
            paths(&set, &stack(&composition, module, &enabled, &[unbound])),
            ["environments/bind.yaml", "base_vdns.env"]
        );
    }

    #[test]
    fn a_decided_alternative_switches_off_the_environments_that_map_otherwise() {
        let set = sample::alternatives();
        let composition = Composition::read(&set);
        let bind_env = sample::id(&set, "environments/bind.yaml");
        let unbound_env = sample::id(&set, "environments/unbound.yaml");
        let source = ChoiceSource::Alternatives {
            envs: vec![bind_env, unbound_env],
        };
        let paths = ["resolvers/bind.yaml", "resolvers/unbound.yaml"];
        let outcome = |chosen| sample::outcome(&set, source.clone(), &paths, chosen);
        assert_eq!(
            disabled_alternatives(&composition, &[outcome(Some(1))]),
            [bind_env]
        );
        assert_eq!(
            disabled_alternatives(&composition, &[outcome(Some(0))]),
            [unbound_env]
        );
        assert!(disabled_alternatives(&composition, &[outcome(None)]).is_empty());
    }
}
