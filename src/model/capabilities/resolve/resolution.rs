//! The outcome of a resolution: every choice, the environments in effect, and what
//! implements every resource of every module.

use std::collections::BTreeMap;

use crate::model::hot::FileId;

use super::super::composition::Composition;
use super::super::environment::MergedEnvironment;
use super::super::problem::Problem;
use super::choice::{ChoiceOutcome, Outcome, Requirement};
use super::error::ChoiceError;

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

#[cfg(test)]
mod tests {
    use super::super::sample::{self, pairs};
    use super::*;
    use crate::model::hot::HotSet;

    /// The mapped vDNS whose own environment lists the resolvers and requires Unbound.
    fn vdns() -> HotSet {
        sample::mapped_with(&[(
            "base_vdns.env",
            "requires:\n  engine: unbound\nresource_registry:\n  OS::VDNS::Resolver: [resolvers/bind.yaml, resolvers/unbound.yaml]\n",
        )])
    }

    #[test]
    fn decisions_are_recorded_with_their_template_and_enabled_options() {
        let set = vdns();
        let (composition, resolution) =
            sample::resolved(&set, &[("environments/query-log.yaml", "true")], &[]);
        assert!(resolution.is_complete(), "{:?}", resolution.errors);
        // The root environment is always in effect, so it is not recorded.
        assert_eq!(
            resolution.recorded(&composition),
            pairs(&[
                ("OS::VDNS::Resolver", "resolvers/unbound.yaml"),
                ("environments/query-log.yaml", "true"),
            ])
        );
        assert!(resolution.choice("OS::VDNS::Resolver").is_some());
        assert!(resolution.choice("OS::VDNS::Cache").is_none());
    }

    #[test]
    fn an_undecided_choice_or_a_bad_answer_leaves_the_resolution_incomplete() {
        let set = vdns();
        let (composition, undecided) = sample::resolved(&set, &[], &[("engine", "knot")]);
        assert!(!undecided.is_complete());
        assert_eq!(undecided.recorded(&composition), BTreeMap::new());
        let (_, refused) =
            sample::resolved(&set, &[("OS::VDNS::Cache", "resolvers/bind.yaml")], &[]);
        assert!(refused.choices.iter().all(|c| c.chosen().is_some()));
        assert!(!refused.is_complete());
    }
}
