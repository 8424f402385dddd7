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

mod choice;
mod decide;
mod discovery;
mod environments;
mod error;
mod explain;
mod lookup;
mod resolution;
#[cfg(test)]
mod sample;

use std::collections::{BTreeMap, HashSet};

use super::composition::Composition;
use super::environment::merge;

pub use choice::{
    Candidate, Choice, ChoiceOutcome, ChoiceSource, Decision, Outcome, Rejection, Requirement,
    RequirementSource,
};
pub use error::ChoiceError;
pub use resolution::{Implementation, ModuleComposition, Resolution, Use};

/// Resolves `composition` with the answers' `capabilities:` (type → template, environment file
/// → true/false) and `requires:` (key → value, overriding the environments').
pub fn resolve(
    composition: &Composition<'_>,
    answers: &BTreeMap<String, String>,
    requires: &BTreeMap<String, String>,
) -> Resolution {
    let mut errors = Vec::new();
    let mut problems = Vec::new();
    let enabled = environments::enabled_environments(composition, answers, &mut errors);
    let in_effect = environments::environments_in_effect(composition, &enabled);
    let mut scratch = Vec::new();
    let effective = merge(
        composition.set,
        &in_effect,
        &composition.registries,
        &composition.parameter_types,
        &mut scratch,
    );
    let requirements = decide::requirements(&effective, requires);
    let choices = discovery::find_choices(composition, &effective);
    let mut outcomes = Vec::with_capacity(choices.len());
    for choice in choices {
        let answer = answers.get(&choice.resource_type);
        let outcome = decide::decide(composition, &choice, answer, &requirements, &mut errors);
        outcomes.push(ChoiceOutcome { choice, outcome });
    }
    errors.extend(error::unknown_choices(composition, &outcomes, answers));
    let disabled = environments::disabled_alternatives(composition, &outcomes);
    let modules = lookup::modules(composition, &enabled, &disabled, &outcomes, &mut problems);
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

#[cfg(test)]
mod tests {
    use super::sample::{self, MODULE};
    use super::*;

    #[test]
    fn answers_for_no_choice_are_errors_naming_the_choices() {
        let set = sample::listed();
        let answers = [
            ("OS::VDNS::Resolver", "resolvers/bind.yaml"),
            ("OS::VDNS::Cache", "resolvers/unbound.yaml"),
        ];
        let (_, resolution) = sample::resolved(&set, &answers, &[]);
        assert_eq!(
            resolution.errors,
            [ChoiceError::UnknownChoice {
                key: "OS::VDNS::Cache".to_owned(),
                choices: vec!["OS::VDNS::Resolver".to_owned()],
            }]
        );
        assert_eq!(
            resolution.errors[0].to_string(),
            "`OS::VDNS::Cache` is not a choice of this set; the choices are OS::VDNS::Resolver"
        );
        let decided = resolution.choice("OS::VDNS::Resolver").unwrap();
        assert_eq!(
            decided.chosen().map(|c| c.target.label(&set)).as_deref(),
            Some("resolvers/bind.yaml")
        );
    }

    #[test]
    fn a_set_without_choices_says_so() {
        let set = sample::set(&[(
            "base_vdns.yaml",
            &MODULE.replace("OS::VDNS::Resolver", "OS::Nova::Server"),
        )]);
        let (_, resolution) = sample::resolved(&set, &[("OS::VDNS::Resolver", "x.yaml")], &[]);
        assert_eq!(resolution.choices, []);
        assert_eq!(
            resolution.errors[0].to_string(),
            "`OS::VDNS::Resolver` is not a choice of this set; it offers no choice"
        );
        assert_eq!(resolution.modules.len(), 1);
    }
}
