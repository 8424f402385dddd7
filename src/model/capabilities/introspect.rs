//! Introspection (the spec's "Introspection"): the summary of what a set lets the operator
//! choose, and the templates whose capabilities match `KEY=VALUE` filters. Both are plain data
//! (serialisable) so the command line, JSON output and the wizard show the same thing.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::hot::FileId;

use super::annotation::{Annotation, RESOURCE_TYPE};
use super::composition::Composition;
use super::resolve::{
    ChoiceOutcome, ChoiceSource, Decision, Outcome, RequirementSource, Resolution,
};

/// A place in a file, as `file:line:column`.
fn place(composition: &Composition<'_>, file: FileId, span: Span) -> String {
    format!(
        "{}:{}:{}",
        composition.set.file(file).path,
        span.line,
        span.column
    )
}

/// How a type's choice stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum TypeStatus {
    /// One implementation.
    Resolved {
        /// The chosen template (or type).
        chosen: String,
        /// `answer`, `requires` or `only`.
        by: &'static str,
    },
    /// Several candidates satisfy every requirement.
    Ambiguous,
    /// No candidate satisfies the requirements.
    Unresolved,
    /// Templates declare the type but nothing in the set uses it.
    Offered,
}

/// One candidate of a type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CandidateSummary {
    /// The template's package path (or the type, for an alias among alternatives).
    pub template: String,
    /// Its capability tags.
    pub capabilities: BTreeMap<String, Vec<String>>,
    /// False when a requirement sets it aside.
    pub satisfies: bool,
    /// Why it was set aside (`vendor=f5, wanted haproxy`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
}

/// A resource type with its candidates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TypeSummary {
    /// Where the candidates come from, with its place.
    pub source: String,
    /// The candidates.
    pub candidates: Vec<CandidateSummary>,
    /// How the choice stands.
    #[serde(flatten)]
    pub status: TypeStatus,
}

/// One environment a capabilities-map group offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EnvironmentSummary {
    /// The environment file.
    pub file: String,
    /// Its title.
    pub title: String,
    /// What it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Environments it needs.
    pub requires: Vec<String>,
    /// False when the package lacks the file.
    pub present: bool,
    /// True when it is in effect.
    pub enabled: bool,
}

/// A capabilities-map group: one choice among environments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupSummary {
    /// The topic's title.
    pub topic: String,
    /// The group's title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What it configures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// At most one environment may be enabled.
    pub mutually_exclusive: bool,
    /// The environments.
    pub environments: Vec<EnvironmentSummary>,
}

/// A requirement in force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RequirementSummary {
    /// The required value.
    pub value: String,
    /// `file:line:column` of the environment's `requires:` entry, or `answers`.
    pub from: String,
}

/// What a set lets the operator choose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Capability key → value → templates declaring it (`resource_type` excluded).
    pub capabilities: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// Resource type → its candidates and how the choice stands.
    pub resource_types: BTreeMap<String, TypeSummary>,
    /// Requirements in force.
    pub requires: BTreeMap<String, RequirementSummary>,
    /// Capabilities-map groups, when the set has a map.
    pub environment_groups: Vec<GroupSummary>,
}

/// Builds the summary of a resolved composition.
pub fn summary(composition: &Composition<'_>, resolution: &Resolution) -> Summary {
    let set = composition.set;
    let mut capabilities: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for annotation in &composition.annotations {
        let path = &set.file(annotation.template).path;
        for (key, tag) in &annotation.tags {
            for value in &tag.values {
                capabilities
                    .entry(key.clone())
                    .or_default()
                    .entry(value.clone())
                    .or_default()
                    .push(path.clone());
            }
        }
    }
    let mut resource_types: BTreeMap<String, TypeSummary> = resolution
        .choices
        .iter()
        .map(|c| (c.choice.resource_type.clone(), type_summary(composition, c)))
        .collect();
    for (kind, implementers) in &composition.implementers {
        if resource_types.contains_key(kind) {
            continue;
        }
        let used = composition.slots.iter().any(|s| s.written == *kind);
        if used {
            continue;
        }
        resource_types.insert(
            kind.clone(),
            TypeSummary {
                source: "resource_type annotations".to_owned(),
                candidates: implementers
                    .iter()
                    .map(|&f| CandidateSummary {
                        template: set.file(f).path.clone(),
                        capabilities: tags(composition.annotation(f)),
                        satisfies: true,
                        rejected: None,
                    })
                    .collect(),
                status: TypeStatus::Offered,
            },
        );
    }
    let requires = resolution
        .requires
        .iter()
        .map(|(key, requirement)| {
            let from = match &requirement.source {
                RequirementSource::Environment { env, span } => place(composition, *env, *span),
                RequirementSource::Answer => "answers".to_owned(),
            };
            (
                key.clone(),
                RequirementSummary {
                    value: requirement.value.clone(),
                    from,
                },
            )
        })
        .collect();
    let environment_groups = composition
        .map
        .iter()
        .flat_map(|m| m.groups())
        .map(|(topic, group)| GroupSummary {
            topic: topic.title.clone(),
            title: group.title.clone(),
            description: group.description.clone(),
            mutually_exclusive: group.mutually_exclusive,
            environments: group
                .environments
                .iter()
                .map(|e| EnvironmentSummary {
                    file: e.file.path.clone(),
                    title: e.title.clone(),
                    description: e.description.clone(),
                    requires: e.requires.iter().map(|r| r.path.clone()).collect(),
                    present: e.file.file.is_some(),
                    enabled: e.file.file.is_some_and(|f| resolution.enabled.contains(&f)),
                })
                .collect(),
        })
        .collect();
    Summary {
        capabilities,
        resource_types,
        requires,
        environment_groups,
    }
}

fn tags(annotation: Option<&Annotation>) -> BTreeMap<String, Vec<String>> {
    annotation
        .map(|a| {
            a.tags
                .iter()
                .map(|(k, t)| (k.clone(), t.values.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn type_summary(composition: &Composition<'_>, outcome: &ChoiceOutcome) -> TypeSummary {
    let set = composition.set;
    let source = match &outcome.choice.source {
        ChoiceSource::RegistryList { env, span } => {
            format!(
                "resource_registry list at {}",
                place(composition, *env, *span)
            )
        }
        ChoiceSource::Alternatives { envs } => {
            let files: Vec<&str> = envs.iter().map(|&e| set.file(e).path.as_str()).collect();
            format!("alternative environment files {}", files.join(", "))
        }
        ChoiceSource::Annotations => "resource_type annotations".to_owned(),
    };
    let rejected: BTreeMap<usize, String> = match &outcome.outcome {
        Outcome::Ambiguous { rejected, .. }
        | Outcome::Unresolved { rejected }
        | Outcome::Resolved { rejected, .. } => rejected
            .iter()
            .map(|r| {
                (
                    r.candidate,
                    format!("{}={}, wanted {}", r.key, r.declared.join("|"), r.wanted),
                )
            })
            .collect(),
    };
    let candidates = outcome
        .choice
        .candidates
        .iter()
        .enumerate()
        .map(|(i, c)| CandidateSummary {
            template: c.target.label(set),
            capabilities: tags(c.file().and_then(|f| composition.annotation(f))),
            satisfies: !rejected.contains_key(&i),
            rejected: rejected.get(&i).cloned(),
        })
        .collect();
    let status = match &outcome.outcome {
        Outcome::Resolved { candidate, by, .. } => TypeStatus::Resolved {
            chosen: outcome.choice.candidates[*candidate].target.label(set),
            by: match by {
                Decision::Answer => "answer",
                Decision::Requires => "requires",
                Decision::Only => "only",
            },
        },
        Outcome::Ambiguous { .. } => TypeStatus::Ambiguous,
        Outcome::Unresolved { .. } => TypeStatus::Unresolved,
    };
    TypeSummary {
        source,
        candidates,
        status,
    }
}

/// A `KEY=VALUE` filter of `--find`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    /// The capability key (`resource_type` matches the types a template implements).
    pub key: String,
    /// The value wanted.
    pub value: String,
}

/// A filter without `=`.
#[derive(Debug, thiserror::Error)]
#[error("`{0}` is not KEY=VALUE (for example `deployment=puppet` or `resource_type=OS::X::Y`)")]
pub struct BadFilter(pub String);

impl std::str::FromStr for Filter {
    type Err = BadFilter;

    fn from_str(text: &str) -> Result<Filter, BadFilter> {
        match text.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => Ok(Filter {
                key: key.trim().to_owned(),
                value: value.trim().to_owned(),
            }),
            _ => Err(BadFilter(text.to_owned())),
        }
    }
}

/// A template matching every filter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Match {
    /// The template's package path.
    pub template: String,
    /// The resource types it implements.
    pub resource_types: Vec<String>,
    /// Its capability tags.
    pub capabilities: BTreeMap<String, Vec<String>>,
}

/// The annotated templates that match every filter, in set order.
pub fn find(composition: &Composition<'_>, filters: &[Filter]) -> Vec<Match> {
    composition
        .annotations
        .iter()
        .filter(|a| {
            filters
                .iter()
                .all(|f| a.values(&f.key).contains(&f.value.as_str()))
        })
        .map(|a| Match {
            template: composition.set.file(a.template).path.clone(),
            resource_types: a
                .values(RESOURCE_TYPE)
                .into_iter()
                .map(str::to_owned)
                .collect(),
            capabilities: tags(Some(a)),
        })
        .collect()
}
