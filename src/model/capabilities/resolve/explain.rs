//! Choices in words: where each is made, its candidates with their capabilities, what
//! tells them apart, and why an unresolved one is not resolved.

use crate::foundation::diagnostics::Span;
use crate::model::hot::FileId;

use super::super::composition::Composition;
use super::choice::{Candidate, ChoiceOutcome, ChoiceSource, Outcome};
use super::resolution::Resolution;

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

#[cfg(test)]
mod tests {
    use super::super::ChoiceOutcome;
    use super::super::sample::{self, MODULE, resolver};
    use super::*;
    use crate::model::hot::HotSet;

    /// The vDNS whose registry lists three resolvers.
    fn three() -> HotSet {
        sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "base_vdns.env",
                "resource_registry:\n  OS::VDNS::Resolver:\n    - resolvers/bind.yaml\n    - resolvers/unbound.yaml\n    - resolvers/plain.yaml\n",
            ),
            (
                "resolvers/bind.yaml",
                &resolver("  engine: bind\n  dnssec: [validating, signing]\n"),
            ),
            (
                "resolvers/unbound.yaml",
                &resolver("  engine: unbound\n  dnssec: validating\n"),
            ),
            ("resolvers/plain.yaml", &resolver("  engine: bind\n")),
        ])
    }

    /// The problem text of the resolver's choice under `requires`.
    fn problem(set: &HotSet, requires: &[(&str, &str)]) -> Option<String> {
        let (composition, resolution) = sample::resolved(set, &[], requires);
        resolution.choices[0].problem(&composition, &resolution)
    }

    #[test]
    fn an_unresolved_choice_names_its_candidates_and_why_none_or_several_fit() {
        let set = three();
        let cases = [
            (
                ("engine", "bind"),
                "`OS::VDNS::Resolver` has 2 candidates that satisfy every requirement \
                 (engine=bind): resolvers/bind.yaml (dnssec=validating|signing, engine=bind), \
                 resolvers/plain.yaml (engine=bind); they differ in dnssec. Require one \
                 (`--require dnssec=…`) or choose one (`--choose OS::VDNS::Resolver=<template>`)",
            ),
            (
                ("engine", "knot"),
                "no candidate of `OS::VDNS::Resolver` satisfies the requirements (engine=knot): \
                 resolvers/bind.yaml has engine=bind (wanted knot); resolvers/unbound.yaml has \
                 engine=unbound (wanted knot); resolvers/plain.yaml has engine=bind (wanted \
                 knot). Change a requirement (`--require KEY=VALUE`) or choose one \
                 (`--choose OS::VDNS::Resolver=<template>`)",
            ),
        ];
        for (requirement, expected) in cases {
            assert_eq!(problem(&set, &[requirement]).as_deref(), Some(expected));
        }
    }

    #[test]
    fn candidates_alike_in_every_capability_can_only_be_chosen() {
        let bind = resolver("  engine: bind\n");
        let set = sample::listed_with(&[("resolvers/unbound.yaml", &bind)]);
        let text = problem(&set, &[]).unwrap();
        assert!(
            text.ends_with(
                "; their capabilities do not tell them apart. Choose one \
                 (`--choose OS::VDNS::Resolver=<template>`)"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_resolved_choice_has_no_problem() {
        assert_eq!(problem(&three(), &[("engine", "unbound")]), None);
    }

    #[test]
    fn differences_count_a_key_some_candidates_lack() {
        let set = three();
        let (composition, resolution) = sample::resolved(&set, &[], &[]);
        let choice = &resolution.choices[0];
        assert_eq!(
            choice.differences(&composition, &[0, 1, 2]),
            ["dnssec", "engine"]
        );
        assert_eq!(choice.differences(&composition, &[0, 2]), ["dnssec"]);
        assert_eq!(choice.differences(&composition, &[2]), Vec::<String>::new());
        assert_eq!(choice.describe(&composition, 7), "");
    }

    #[test]
    fn each_kind_of_choice_is_placed_where_it_is_made() {
        let set = three();
        let (composition, resolution) = sample::resolved(&set, &[], &[]);
        let (file, span, path) = resolution.choices[0].place(&composition).unwrap();
        assert_eq!(set.file(file).path, "base_vdns.env");
        assert_eq!((span.line, span.column), (2, 3));
        assert_eq!(path, "resource_registry.OS::VDNS::Resolver");

        let annotated = sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "resolvers/a.yaml",
                &resolver("  resource_type: OS::VDNS::Resolver\n"),
            ),
            (
                "resolvers/b.yaml",
                &resolver("  resource_type: OS::VDNS::Resolver\n"),
            ),
        ]);
        let (composition, resolution) = sample::resolved(&annotated, &[], &[]);
        let outcome: &ChoiceOutcome = &resolution.choices[0];
        assert_eq!(outcome.choice.source, ChoiceSource::Annotations);
        let (file, span, path) = outcome.place(&composition).unwrap();
        assert_eq!(annotated.file(file).path, "base_vdns.yaml");
        assert_eq!((span.line, span.column), (9, 11));
        assert_eq!(path, "resources.dns_node_0.type");
    }

    #[test]
    fn long_lists_are_cut_and_counted() {
        let items = |n: usize| (1..=n).map(|i| format!("r{i}.yaml")).collect::<Vec<_>>();
        assert_eq!(
            listing(items(3).into_iter(), ", "),
            "r1.yaml, r2.yaml, r3.yaml"
        );
        let cut = listing(items(14).into_iter(), ", ");
        assert!(cut.starts_with("r1.yaml, r2.yaml,"), "{cut}");
        assert!(cut.ends_with("r12.yaml, and 2 more"), "{cut}");
    }
}
