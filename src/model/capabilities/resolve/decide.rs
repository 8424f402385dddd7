//! Deciding one choice: the answer when it names a candidate, else the candidates the
//! requirements keep.

use std::collections::BTreeMap;

use crate::input::source::path;
use crate::input::yaml::scalar_text;

use super::super::annotation::RESOURCE_TYPE;
use super::super::composition::Composition;
use super::super::environment::MergedEnvironment;
use super::super::registry::Target;
use super::choice::{
    Candidate, Choice, Decision, Outcome, Rejection, Requirement, RequirementSource,
};
use super::error::ChoiceError;

/// The requirements in force: the merged environments' `requires:`, overridden by the
/// answers'.
pub(super) fn requirements(
    effective: &MergedEnvironment,
    requires: &BTreeMap<String, String>,
) -> BTreeMap<String, Requirement> {
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
    requirements
}

/// Decides one choice.
pub(super) fn decide(
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

#[cfg(test)]
mod tests {
    use super::super::choice::ChoiceSource;
    use super::super::sample::{self, MODULE, resolver};
    use super::*;
    use crate::model::hot::HotSet;

    const TYPE: &str = sample::RESOLVER;

    /// The vDNS with a BIND and an Unbound resolver, both validating DNSSEC.
    fn two_engines() -> HotSet {
        sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "resolvers/bind.yaml",
                &resolver(
                    "  resource_type: OS::VDNS::Resolver\n  engine: bind\n  dnssec: validating\n",
                ),
            ),
            (
                "resolvers/unbound.yaml",
                &resolver(
                    "  resource_type: OS::VDNS::Resolver\n  engine: unbound\n  dnssec: validating\n",
                ),
            ),
        ])
    }

    /// A choice of `TYPE` among the templates at `paths`.
    fn choice(set: &HotSet, paths: &[&str]) -> Choice {
        Choice {
            resource_type: TYPE.to_owned(),
            source: ChoiceSource::Annotations,
            candidates: sample::candidates(set, paths),
        }
    }

    /// Requirements given by the answers.
    fn wanted(pairs: &[(&str, &str)]) -> BTreeMap<String, Requirement> {
        pairs
            .iter()
            .map(|(k, v)| {
                (
                    (*k).to_owned(),
                    Requirement {
                        value: (*v).to_owned(),
                        source: RequirementSource::Answer,
                    },
                )
            })
            .collect()
    }

    /// Decides `choice` with `answer` and the answers' `requires`.
    fn decided(
        set: &HotSet,
        choice: &Choice,
        answer: Option<&str>,
        requires: &[(&str, &str)],
    ) -> (Outcome, Vec<ChoiceError>) {
        let composition = Composition::read(set);
        let mut errors = Vec::new();
        let answer = answer.map(str::to_owned);
        let outcome = decide(
            &composition,
            choice,
            answer.as_ref(),
            &wanted(requires),
            &mut errors,
        );
        (outcome, errors)
    }

    /// Decides the choice among the templates at `paths`.
    fn run(
        set: &HotSet,
        paths: &[&str],
        answer: Option<&str>,
        requires: &[(&str, &str)],
    ) -> (Outcome, Vec<ChoiceError>) {
        decided(set, &choice(set, paths), answer, requires)
    }

    const BOTH: [&str; 2] = ["resolvers/bind.yaml", "resolvers/unbound.yaml"];

    #[test]
    fn a_requirement_keeps_the_one_candidate_that_declares_its_value() {
        let set = two_engines();
        let (outcome, errors) = run(&set, &BOTH, None, &[("engine", "unbound")]);
        assert!(errors.is_empty());
        assert_eq!(
            outcome,
            Outcome::Resolved {
                candidate: 1,
                by: Decision::Requires,
                rejected: vec![Rejection {
                    candidate: 0,
                    key: "engine".to_owned(),
                    wanted: "unbound".to_owned(),
                    declared: vec!["bind".to_owned()],
                }],
            }
        );
    }

    #[test]
    fn candidates_that_satisfy_every_requirement_stay_ambiguous() {
        let set = two_engines();
        let (outcome, _) = run(&set, &BOTH, None, &[("dnssec", "validating")]);
        assert_eq!(
            outcome,
            Outcome::Ambiguous {
                kept: vec![0, 1],
                rejected: Vec::new(),
            }
        );
    }

    #[test]
    fn a_key_a_candidate_does_not_declare_does_not_concern_it() {
        let set = two_engines();
        let (outcome, _) = run(&set, &BOTH, None, &[("tls", "dot")]);
        assert!(matches!(outcome, Outcome::Ambiguous { ref kept, .. } if kept.len() == 2));
    }

    #[test]
    fn no_candidate_left_says_why_each_was_set_aside() {
        let set = two_engines();
        let (outcome, _) = run(&set, &BOTH, None, &[("engine", "knot")]);
        let Outcome::Unresolved { rejected } = outcome else {
            panic!("{outcome:?}");
        };
        let declared: Vec<&[String]> = rejected.iter().map(|r| r.declared.as_slice()).collect();
        assert_eq!(declared, [["bind".to_owned()], ["unbound".to_owned()]]);
        assert!(
            rejected
                .iter()
                .all(|r| r.key == "engine" && r.wanted == "knot")
        );
    }

    #[test]
    fn a_lone_candidate_is_decided_as_the_only_one() {
        let set = two_engines();
        let (outcome, _) = run(&set, &BOTH[..1], None, &[]);
        assert_eq!(
            outcome,
            Outcome::Resolved {
                candidate: 0,
                by: Decision::Only,
                rejected: Vec::new(),
            }
        );
    }

    #[test]
    fn an_answer_overrides_the_requirements_and_may_be_written_loosely() {
        let set = two_engines();
        let requirements = [("engine", "unbound")];
        for answer in [
            "resolvers/bind.yaml",
            "resolvers/./bind.yaml",
            "resolvers/x/../bind.yaml",
        ] {
            let (outcome, errors) = run(&set, &BOTH, Some(answer), &requirements);
            assert!(errors.is_empty(), "{answer}: {errors:?}");
            // The answer stands; the requirement it goes against is kept to be told.
            let Outcome::Resolved {
                candidate: 0,
                by: Decision::Answer,
                rejected,
            } = outcome
            else {
                panic!("{answer}: {outcome:?}");
            };
            assert!(
                rejected
                    .iter()
                    .any(|r| r.candidate == 0 && r.key == "engine" && r.wanted == "unbound"),
                "{answer}: {rejected:?}"
            );
        }
    }

    #[test]
    fn an_answer_that_is_no_candidate_is_an_error_and_the_requirements_decide() {
        let set = two_engines();
        let (outcome, errors) = run(
            &set,
            &BOTH,
            Some("resolvers/knot.yaml"),
            &[("engine", "bind")],
        );
        assert_eq!(
            errors,
            [ChoiceError::NotACandidate {
                resource_type: TYPE.to_owned(),
                answer: "resolvers/knot.yaml".to_owned(),
                candidates: BOTH.map(str::to_owned).to_vec(),
            }]
        );
        assert!(matches!(
            outcome,
            Outcome::Resolved {
                candidate: 0,
                by: Decision::Requires,
                ..
            }
        ));
    }

    #[test]
    fn a_template_for_another_type_is_set_aside_by_its_resource_type() {
        let set = sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "resolvers/bind.yaml",
                &resolver("  resource_type: OS::VDNS::Resolver\n  engine: bind\n"),
            ),
            (
                "resolvers/unbound.yaml",
                &resolver(
                    "  resource_type: [OS::VDNS::Forwarder, OS::VDNS::Cache]\n  engine: unbound\n",
                ),
            ),
        ]);
        let (outcome, _) = run(&set, &BOTH, None, &[]);
        let Outcome::Resolved {
            candidate,
            rejected,
            ..
        } = outcome
        else {
            panic!("{outcome:?}");
        };
        assert_eq!(candidate, 0);
        assert_eq!(rejected[0].key, "resource_type");
        assert_eq!(rejected[0].wanted, TYPE);
        assert_eq!(
            rejected[0].declared,
            ["OS::VDNS::Forwarder", "OS::VDNS::Cache"]
        );
    }

    #[test]
    fn a_glob_choice_does_not_check_resource_types_and_unannotated_templates_stay() {
        let set = sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "resolvers/bind.yaml",
                &resolver("  resource_type: OS::VDNS::Forwarder\n"),
            ),
            ("resolvers/unbound.yaml", &resolver("")),
        ]);
        let mut glob = choice(&set, &BOTH);
        glob.resource_type = "OS::VDNS::*".to_owned();
        let (outcome, _) = decided(&set, &glob, None, &[("engine", "bind")]);
        assert!(matches!(outcome, Outcome::Ambiguous { ref kept, .. } if kept.len() == 2));
    }

    #[test]
    fn the_answers_requirements_override_the_environments() {
        let set = sample::set(&[
            ("base_vdns.yaml", MODULE),
            (
                "base_vdns.env",
                "requires:\n  engine: bind\n  dnssec: validating\nresource_registry:\n  OS::VDNS::Resolver: [resolvers/bind.yaml]\n",
            ),
            ("resolvers/bind.yaml", &resolver("  engine: bind\n")),
        ]);
        let composition = Composition::read(&set);
        let env = sample::id(&set, "base_vdns.env");
        let mut problems = Vec::new();
        let effective = crate::model::capabilities::environment::merge(
            &set,
            &[env],
            &composition.registries,
            &composition.parameter_types,
            &mut problems,
        );
        let answers = BTreeMap::from([("engine".to_owned(), "unbound".to_owned())]);
        let requirements = requirements(&effective, &answers);
        assert_eq!(requirements["engine"].value, "unbound");
        assert_eq!(requirements["engine"].source, RequirementSource::Answer);
        assert_eq!(requirements["dnssec"].value, "validating");
        assert!(matches!(
            requirements["dnssec"].source,
            RequirementSource::Environment { env: e, span } if e == env && span.line == 3
        ));
    }
}
