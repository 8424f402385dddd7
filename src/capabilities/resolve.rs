//! Resolution (the spec's "Resolution"): which environment files are in effect, which types
//! offer a choice of implementations, which candidate each choice keeps, and what implements
//! every resource of every module once the choices are made.
//!
//! Environments in effect for a module: with a capabilities map, its `root_environment`, then
//! the environments the answers enable (each after the ones it `requires`), in map order;
//! without one, every environment file no module is paired with, in set order; the module's
//! own environment always comes last. Files named one by one merge in the order given.
//!
//! A type offers a choice when the merged registry maps it to a list of templates (the spec's
//! form), when environment files that no module is paired with map it to different
//! implementations (alternatives, as shipped in heat-templates' `boot-config/`), or when no
//! registry maps it and templates declare it in `capabilities: resource_type:`.
//!
//! A candidate is kept when, for every `requires` key it declares in its `capabilities:`, one
//! of its values is the required one, and when its `resource_type` (if declared) names the
//! type. Keys a candidate does not declare do not concern it, so one `requires:` can steer
//! many types. An explicit answer overrides the filter.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

use crate::answers::scalar_text;
use crate::hot::{FileId, ReferenceKind, registry_matches};
use crate::source::path;
use crate::yaml::Span;

use super::annotation::RESOURCE_TYPE;
use super::composition::{Composition, Slot};
use super::environment::{MergedEnvironment, merge};
use super::problem::Problem;
use super::registry::{RegistryEntry, RegistryValue, Target, alias_target};

/// Where a required capability value comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum RequirementSource {
    /// An environment's `requires:`.
    Environment {
        /// The environment file.
        env: FileId,
        /// Where the value is written.
        span: Span,
    },
    /// The answers (`requires:` in the answers file, or `--require`).
    Answer,
}

/// One required capability value.
#[derive(Clone, Debug, PartialEq)]
pub struct Requirement {
    /// The value.
    pub value: String,
    /// Where it comes from.
    pub source: RequirementSource,
}

/// Why a type offers a choice.
#[derive(Clone, Debug, PartialEq)]
pub enum ChoiceSource {
    /// A list of templates in `resource_registry` (the capabilities spec's form).
    RegistryList {
        /// The environment holding the list.
        env: FileId,
        /// Where the type's key is written.
        span: Span,
    },
    /// Environment files, none paired with a module, that map the type differently.
    Alternatives {
        /// The environment files.
        envs: Vec<FileId>,
    },
    /// No registry maps the type; these templates declare it in `resource_type`.
    Annotations,
}

/// One candidate implementation.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The template (or, among alternatives, the type) it names.
    pub target: Target,
    /// Where it is named: registry list items, registry values, or `resource_type` items.
    pub places: Vec<(FileId, Span)>,
}

impl Candidate {
    /// The template file of the set, when the candidate is one.
    pub fn file(&self) -> Option<FileId> {
        match self.target {
            Target::Template { file, .. } => file,
            Target::Alias(_) => None,
        }
    }
}

/// A type with its candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The resource type (or registry glob).
    pub resource_type: String,
    /// Why it is a choice.
    pub source: ChoiceSource,
    /// The candidates, in the order they are written.
    pub candidates: Vec<Candidate>,
}

/// How a choice was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The answers name the implementation.
    Answer,
    /// Exactly one candidate satisfies the requirements.
    Requires,
    /// There is only one candidate.
    Only,
}

/// Why a candidate was set aside.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejection {
    /// The candidate (index into [`Choice::candidates`]).
    pub candidate: usize,
    /// The capability key that does not match (`resource_type` for the type itself).
    pub key: String,
    /// The value required.
    pub wanted: String,
    /// The values the candidate declares.
    pub declared: Vec<String>,
}

/// What became of a choice.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// One implementation.
    Resolved {
        /// The candidate (index into [`Choice::candidates`]).
        candidate: usize,
        /// How it was decided.
        by: Decision,
        /// The candidates the requirements set aside (an answer may choose one of them).
        rejected: Vec<Rejection>,
    },
    /// Several candidates satisfy every requirement.
    Ambiguous {
        /// The candidates kept.
        kept: Vec<usize>,
        /// The candidates set aside.
        rejected: Vec<Rejection>,
    },
    /// No candidate satisfies the requirements.
    Unresolved {
        /// Why each candidate was set aside.
        rejected: Vec<Rejection>,
    },
}

/// A choice and what became of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceOutcome {
    /// The choice.
    pub choice: Choice,
    /// The outcome.
    pub outcome: Outcome,
}

impl ChoiceOutcome {
    /// The chosen candidate, when the choice is resolved.
    pub fn chosen(&self) -> Option<&Candidate> {
        match self.outcome {
            Outcome::Resolved { candidate, .. } => self.choice.candidates.get(candidate),
            _ => None,
        }
    }

    /// Why the requirements set aside the candidate an answer chose, when they do: the
    /// answer stands, but the operator is told.
    pub fn overridden(&self) -> Option<&Rejection> {
        match &self.outcome {
            Outcome::Resolved {
                candidate,
                by: Decision::Answer,
                rejected,
            } => rejected.iter().find(|r| r.candidate == *candidate),
            _ => None,
        }
    }
}

/// An answer that does not fit the set; onboarding refuses it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    /// The answer names a template that is no candidate of the type.
    #[error("`{resource_type}`: `{answer}` is not one of its candidates ({})", candidates.join(", "))]
    NotACandidate {
        /// The type.
        resource_type: String,
        /// The answer.
        answer: String,
        /// The candidates.
        candidates: Vec<String>,
    },
    /// The key names neither a choice nor an environment of the capabilities map.
    #[error("`{key}` is not a choice of this set; {}", choices_text(choices))]
    UnknownChoice {
        /// The answer's key.
        key: String,
        /// What can be chosen.
        choices: Vec<String>,
    },
    /// An environment answer that is not true or false.
    #[error(
        "`{file}: {value}`: an environment of the capabilities map is enabled with true or disabled with false"
    )]
    NotABoolean {
        /// The environment file.
        file: String,
        /// The answer.
        value: String,
    },
    /// Two environments of a mutually exclusive group are enabled.
    #[error("the group `{group}` allows one environment, but {} are enabled", files.join(" and "))]
    Exclusive {
        /// The group's title.
        group: String,
        /// The enabled environments.
        files: Vec<String>,
    },
    /// An enabled environment (or one it requires) is not in the package.
    #[error("`{file}` is enabled but is not an environment file of the package")]
    MissingEnvironment {
        /// The environment file.
        file: String,
    },
}

fn choices_text(choices: &[String]) -> String {
    if choices.is_empty() {
        "it offers no choice".to_owned()
    } else {
        format!("the choices are {}", choices.join(", "))
    }
}

/// What implements a resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Implementation {
    /// A resource type of Heat itself (after registry aliases).
    Builtin(String),
    /// A template of the set.
    Template(FileId),
    /// A template reference that leads to no file of the set.
    Missing(String),
    /// A type whose choice is not resolved.
    Unresolved(String),
}

/// One named type and what implements it.
#[derive(Clone, Debug, PartialEq)]
pub struct Use {
    /// Index into [`Composition::slots`].
    pub slot: usize,
    /// The implementation.
    pub implementation: Implementation,
}

/// A module with its merged environment and every resource reached from it.
#[derive(Clone, Debug, PartialEq)]
pub struct ModuleComposition {
    /// The module template.
    pub module: FileId,
    /// The environment files in effect, merged.
    pub environment: MergedEnvironment,
    /// Every type slot of every template reached from the module, in walk order.
    pub uses: Vec<Use>,
    /// The templates reached, the module first.
    pub templates: Vec<FileId>,
}

/// The outcome of resolving a set with the operator's answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolution {
    /// The requirements in force (environments' `requires:`, overridden by the answers).
    pub requires: BTreeMap<String, Requirement>,
    /// Every choice and its outcome.
    pub choices: Vec<ChoiceOutcome>,
    /// Capabilities-map environments in effect (the root first).
    pub enabled: Vec<FileId>,
    /// Alternative environments switched off by a choice.
    pub disabled: Vec<FileId>,
    /// Every module.
    pub modules: Vec<ModuleComposition>,
    /// Answers that do not fit the set.
    pub errors: Vec<ChoiceError>,
    /// Problems merging environment files.
    pub problems: Vec<Problem>,
}

impl Resolution {
    /// The outcome of the choice for `resource_type`.
    pub fn choice(&self, resource_type: &str) -> Option<&ChoiceOutcome> {
        self.choices
            .iter()
            .find(|c| c.choice.resource_type == resource_type)
    }

    /// The decisions to record in `answers.yaml` (`capabilities:`): each resolved type with
    /// its chosen template (however it was decided, so a replay does not depend on the
    /// environments' `requires:`), and each enabled capabilities-map option as `true`.
    pub fn recorded(&self, composition: &Composition<'_>) -> BTreeMap<String, String> {
        let set = composition.set;
        let mut out: BTreeMap<String, String> = self
            .choices
            .iter()
            .filter_map(|c| {
                let chosen = c.chosen()?;
                Some((c.choice.resource_type.clone(), chosen.target.label(set)))
            })
            .collect();
        let root = composition
            .map
            .as_ref()
            .and_then(|m| m.root_environment.as_ref())
            .and_then(|r| r.file);
        for (_, group) in composition.map.iter().flat_map(|m| m.groups()) {
            for option in &group.environments {
                if let Some(file) = option.file.file
                    && Some(file) != root
                    && self.enabled.contains(&file)
                {
                    out.insert(option.file.path.clone(), "true".to_owned());
                }
            }
        }
        out
    }

    /// True when every choice is resolved and every answer fits.
    pub fn is_complete(&self) -> bool {
        self.errors.is_empty()
            && self
                .choices
                .iter()
                .all(|c| matches!(c.outcome, Outcome::Resolved { .. }))
    }
}

/// Resolves `composition` with the answers' `capabilities:` (type → template, environment file
/// → true/false) and `requires:` (key → value, overriding the environments').
pub fn resolve(
    composition: &Composition<'_>,
    answers: &BTreeMap<String, String>,
    requires: &BTreeMap<String, String>,
) -> Resolution {
    let mut errors = Vec::new();
    let mut problems = Vec::new();
    let enabled = enabled_environments(composition, answers, &mut errors);
    let in_effect = environments_in_effect(composition, &enabled);
    let mut scratch = Vec::new();
    let effective = merge(
        composition.set,
        &in_effect,
        &composition.registries,
        &composition.parameter_types,
        &mut scratch,
    );
    let mut requirements: BTreeMap<String, Requirement> = effective
        .requires
        .iter()
        .filter_map(|(key, value)| {
            Some((
                key.clone(),
                Requirement {
                    value: scalar_text(&value.node)?,
                    source: RequirementSource::Environment {
                        env: value.env,
                        span: value.span,
                    },
                },
            ))
        })
        .collect();
    for (key, value) in requires {
        requirements.insert(
            key.clone(),
            Requirement {
                value: value.clone(),
                source: RequirementSource::Answer,
            },
        );
    }
    let choices = find_choices(composition, &effective);
    let mut outcomes = Vec::with_capacity(choices.len());
    for choice in choices {
        let answer = answers.get(&choice.resource_type);
        let outcome = decide(composition, &choice, answer, &requirements, &mut errors);
        outcomes.push(ChoiceOutcome { choice, outcome });
    }
    let choice_keys: HashSet<&str> = outcomes
        .iter()
        .map(|c| c.choice.resource_type.as_str())
        .collect();
    let map_envs: HashSet<&str> = composition
        .map
        .iter()
        .flat_map(|m| m.groups())
        .flat_map(|(_, g)| g.environments.iter().map(|e| e.file.path.as_str()))
        .collect();
    for key in answers.keys() {
        if !choice_keys.contains(key.as_str()) && !map_envs.contains(key.as_str()) {
            let mut choices: Vec<String> = choice_keys.iter().map(|k| (*k).to_owned()).collect();
            choices.sort();
            errors.push(ChoiceError::UnknownChoice {
                key: key.clone(),
                choices,
            });
        }
    }
    let disabled = disabled_alternatives(composition, &outcomes);
    let by_key: HashMap<&str, usize> = outcomes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.choice.resource_type.as_str(), i))
        .collect();
    let nested_files = nested_references(composition);
    let modules = composition
        .modules()
        .into_iter()
        .map(|module| {
            let files = stack(composition, module, &enabled, &disabled);
            let environment = merge(
                composition.set,
                &files,
                &composition.registries,
                &composition.parameter_types,
                &mut problems,
            );
            let lookup = Lookup {
                composition,
                environment: &environment,
                globs: environment
                    .registry
                    .values()
                    .filter(|e| e.key.ends_with('*'))
                    .collect(),
                outcomes: &outcomes,
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
        .collect();
    // Modules sharing environment files meet the same merge problems.
    let mut seen = HashSet::new();
    problems.retain(|p| seen.insert((p.file, p.span.start, p.path.clone())));
    Resolution {
        requires: requirements,
        choices: outcomes,
        enabled,
        disabled,
        modules,
        errors,
        problems,
    }
}

/// The capabilities-map environments in effect: the root, then each enabled one after the
/// ones it requires, in map order.
fn enabled_environments(
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
fn stack(
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
fn environments_in_effect(composition: &Composition<'_>, enabled: &[FileId]) -> Vec<FileId> {
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

/// The choices the set offers once the environments in effect are merged.
fn find_choices(composition: &Composition<'_>, effective: &MergedEnvironment) -> Vec<Choice> {
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
        if crate::hot::template::is_template_reference(kind)
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
fn same_target(a: &Target, b: &Target) -> bool {
    identity(a) == identity(b)
}

/// Decides one choice.
fn decide(
    composition: &Composition<'_>,
    choice: &Choice,
    answer: Option<&String>,
    requirements: &BTreeMap<String, Requirement>,
    errors: &mut Vec<ChoiceError>,
) -> Outcome {
    let set = composition.set;
    if let Some(answer) = answer {
        let wanted = path::normalise(answer).unwrap_or_else(|| answer.clone());
        let found = choice.candidates.iter().position(|c| {
            let label = c.target.label(set);
            label == *answer
                || label == wanted
                || matches!(&c.target, Target::Template { written, .. } if written == answer)
        });
        match found {
            Some(candidate) => {
                // The answer stands whatever the requirements say; what they would have set
                // aside is kept, so the chosen candidate's own mismatch can be told.
                return Outcome::Resolved {
                    candidate,
                    by: Decision::Answer,
                    rejected: rejections(composition, choice, requirements),
                };
            }
            None => errors.push(ChoiceError::NotACandidate {
                resource_type: choice.resource_type.clone(),
                answer: answer.clone(),
                candidates: choice
                    .candidates
                    .iter()
                    .map(|c| c.target.label(set))
                    .collect(),
            }),
        }
    }
    let rejected = rejections(composition, choice, requirements);
    let kept: Vec<usize> = (0..choice.candidates.len())
        .filter(|i| !rejected.iter().any(|r| r.candidate == *i))
        .collect();
    match kept.as_slice() {
        [only] => Outcome::Resolved {
            candidate: *only,
            by: if choice.candidates.len() == 1 {
                Decision::Only
            } else {
                Decision::Requires
            },
            rejected,
        },
        [] => Outcome::Unresolved { rejected },
        _ => Outcome::Ambiguous { kept, rejected },
    }
}

/// Why each candidate the requirements set aside does not satisfy them.
fn rejections(
    composition: &Composition<'_>,
    choice: &Choice,
    requirements: &BTreeMap<String, Requirement>,
) -> Vec<Rejection> {
    choice
        .candidates
        .iter()
        .enumerate()
        .filter_map(|(i, candidate)| {
            reject(
                composition,
                &choice.resource_type,
                i,
                candidate,
                requirements,
            )
        })
        .collect()
}

/// Why a candidate does not satisfy the requirements, if it does not.
fn reject(
    composition: &Composition<'_>,
    resource_type: &str,
    index: usize,
    candidate: &Candidate,
    requirements: &BTreeMap<String, Requirement>,
) -> Option<Rejection> {
    let annotation = candidate.file().and_then(|f| composition.annotation(f))?;
    if annotation.declares(RESOURCE_TYPE)
        && !resource_type.ends_with('*')
        && !annotation.implements(resource_type)
    {
        return Some(Rejection {
            candidate: index,
            key: RESOURCE_TYPE.to_owned(),
            wanted: resource_type.to_owned(),
            declared: annotation
                .values(RESOURCE_TYPE)
                .into_iter()
                .map(str::to_owned)
                .collect(),
        });
    }
    requirements.iter().find_map(|(key, requirement)| {
        let declared = annotation.values(key);
        (key != RESOURCE_TYPE
            && annotation.declares(key)
            && !declared.contains(&requirement.value.as_str()))
        .then(|| Rejection {
            candidate: index,
            key: key.clone(),
            wanted: requirement.value.clone(),
            declared: declared.into_iter().map(str::to_owned).collect(),
        })
    })
}

/// Alternative environments that map a decided type to something other than the choice.
fn disabled_alternatives(composition: &Composition<'_>, outcomes: &[ChoiceOutcome]) -> Vec<FileId> {
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
        if crate::hot::template::is_template_reference(&slot.written) {
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

impl ChoiceOutcome {
    /// Where the choice is made: the registry key, the first alternative's key, or (for
    /// annotation choices) the first place the type is used.
    pub fn place(&self, composition: &Composition<'_>) -> Option<(FileId, Span, String)> {
        let key = &self.choice.resource_type;
        match &self.choice.source {
            ChoiceSource::RegistryList { env, span } => {
                Some((*env, *span, format!("resource_registry.{key}")))
            }
            ChoiceSource::Alternatives { envs } => {
                let env = *envs.first()?;
                let entry = composition
                    .registries
                    .get(&env)?
                    .iter()
                    .find(|e| e.resource.is_none() && e.key == *key)?;
                Some((env, entry.key_span, entry.path()))
            }
            ChoiceSource::Annotations => composition
                .slots
                .iter()
                .find(|s| s.written == *key)
                .map(|s| (s.template, s.span, s.path.clone())),
        }
    }

    /// A candidate as shown in messages: its path and its capability tags.
    pub fn describe(&self, composition: &Composition<'_>, candidate: usize) -> String {
        let Some(c) = self.choice.candidates.get(candidate) else {
            return String::new();
        };
        let label = c.target.label(composition.set);
        let tags: Vec<String> = c
            .file()
            .and_then(|f| composition.annotation(f))
            .map(|a| {
                a.tags
                    .iter()
                    .map(|(k, t)| format!("{k}={}", t.values.join("|")))
                    .collect()
            })
            .unwrap_or_default();
        if tags.is_empty() {
            label
        } else {
            format!("{label} ({})", tags.join(", "))
        }
    }

    /// The capability keys whose values differ among `candidates` (a key some declare and
    /// others do not counts).
    pub fn differences(&self, composition: &Composition<'_>, candidates: &[usize]) -> Vec<String> {
        let annotations: Vec<_> = candidates
            .iter()
            .map(|&i| {
                self.choice
                    .candidates
                    .get(i)
                    .and_then(Candidate::file)
                    .and_then(|f| composition.annotation(f))
            })
            .collect();
        let mut keys: Vec<&String> = annotations
            .iter()
            .flatten()
            .flat_map(|a| a.tags.keys())
            .collect();
        keys.sort();
        keys.dedup();
        keys.into_iter()
            .filter(|key| {
                let values: Vec<Option<&Vec<String>>> = annotations
                    .iter()
                    .map(|a| a.and_then(|a| a.tags.get(*key)).map(|t| &t.values))
                    .collect();
                values.windows(2).any(|w| w[0] != w[1])
            })
            .cloned()
            .collect()
    }

    /// Why the choice is not resolved, naming the type, the candidates and the values that
    /// differ; `None` when it is resolved.
    pub fn problem(
        &self,
        composition: &Composition<'_>,
        resolution: &Resolution,
    ) -> Option<String> {
        let key = &self.choice.resource_type;
        match &self.outcome {
            Outcome::Resolved { .. } => None,
            Outcome::Ambiguous { kept, .. } => {
                let listed = listing(kept.iter().map(|&i| self.describe(composition, i)), ", ");
                let differ = self.differences(composition, kept);
                let hint = match differ.first() {
                    Some(first) => format!(
                        "; they differ in {}. Require one (`--require {first}=…`) or choose one \
                         (`--choose {key}=<template>`)",
                        differ.join(", ")
                    ),
                    None => format!(
                        "; their capabilities do not tell them apart. Choose one \
                         (`--choose {key}=<template>`)"
                    ),
                };
                Some(format!(
                    "`{key}` has {} candidates that satisfy every requirement{}: {}{hint}",
                    kept.len(),
                    requirements_text(resolution),
                    listed
                ))
            }
            Outcome::Unresolved { rejected } => {
                let reasons = listing(
                    rejected.iter().map(|r| {
                        let label = self.choice.candidates[r.candidate]
                            .target
                            .label(composition.set);
                        format!(
                            "{label} has {}={} (wanted {})",
                            r.key,
                            r.declared.join("|"),
                            r.wanted
                        )
                    }),
                    "; ",
                );
                Some(format!(
                    "no candidate of `{key}` satisfies the requirements{}: {}. Change a \
                     requirement (`--require KEY=VALUE`) or choose one (`--choose {key}=<template>`)",
                    requirements_text(resolution),
                    reasons
                ))
            }
        }
    }
}

/// Candidates named in one message at most; the rest are counted.
const LISTED: usize = 12;

/// The items joined by `separator`, or the first [`LISTED`] and how many more.
fn listing(items: impl ExactSizeIterator<Item = String>, separator: &str) -> String {
    let total = items.len();
    let mut shown: Vec<String> = items.take(LISTED).collect();
    if total > LISTED {
        shown.push(format!("and {} more", total - LISTED));
    }
    shown.join(separator)
}

fn requirements_text(resolution: &Resolution) -> String {
    if resolution.requires.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = resolution
        .requires
        .iter()
        .map(|(k, r)| format!("{k}={}", r.value))
        .collect();
    format!(" ({})", pairs.join(", "))
}
