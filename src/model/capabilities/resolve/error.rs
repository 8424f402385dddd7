//! Answers that do not fit the set.

use std::collections::{BTreeMap, HashSet};

use super::super::composition::Composition;
use super::choice::ChoiceOutcome;

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

/// An error for each answer whose key names neither a choice nor an environment of the
/// capabilities map.
pub(super) fn unknown_choices(
    composition: &Composition<'_>,
    outcomes: &[ChoiceOutcome],
    answers: &BTreeMap<String, String>,
) -> Vec<ChoiceError> {
    let mut unknown = Vec::new();
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
            unknown.push(ChoiceError::UnknownChoice {
                key: key.clone(),
                choices,
            });
        }
    }
    unknown
}
