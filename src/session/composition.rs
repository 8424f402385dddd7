//! A HOT set that offers choices (template `capabilities:`, `requires:`, registry lists,
//! alternative environments, a capabilities map): the answers' `capabilities:` and
//! `requires:` resolve it, unresolved choices and answers that do not fit are answer
//! problems naming the candidates, and the output is the composed set (`compose`), not a
//! copy of the input.

use std::collections::{BTreeSet, HashSet};

use crate::model::capabilities::RegistryOutput;
use crate::model::capabilities::annotation::RESOURCE_TYPE;
use crate::model::capabilities::resolve::RequirementSource;
use crate::model::capabilities::{
    ChoiceError, ComposeError, ComposedRole, Composition, Outcome, Resolution, Summary, compose,
    open_parameters, resolve, summary,
};
use crate::model::hot::lookalike::closest;
use crate::model::hot::{FileId, HotSet, TemplateKind};
use crate::session::answers::Answers;
use crate::transform::convert::{Note, NoteLevel};

use super::check::AnswerProblem;
use super::repair::CHOSEN_AGAINST_REQUIREMENTS;
use super::resolve::{FileRole, OutputFile};

/// A set's composition resolved with the answers.
pub struct Composed<'s> {
    /// What the set offers.
    pub composition: Composition<'s>,
    /// What the answers choose.
    pub resolution: Resolution,
}

/// The composition of `set` under `answers`, when there is anything to compose: the set is
/// being composed (annotations, `requires:`, registry lists, a capabilities map) or offers
/// a choice (alternative environments), or the answers make choices.
pub fn composed<'s>(set: &'s HotSet, answers: &Answers) -> Option<Composed<'s>> {
    let answered = !answers.capabilities.is_empty() || !answers.requires.is_empty();
    let composition = Composition::read(set);
    let resolution = resolve(&composition, &answers.capabilities, &answers.requires);
    let offers = set.is_composing() || !resolution.choices.is_empty();
    (offers || answered).then_some(Composed {
        composition,
        resolution,
    })
}

impl super::Session {
    /// The source set's composition under `answers` ([`composed`]). Answers that make no
    /// choice compose the set alike each time, so whether such answers compose anything is
    /// read once: a set that offers nothing is not read again on every evaluation.
    pub(super) fn composed(&self, answers: &Answers) -> Option<Composed<'_>> {
        let set = self.hot()?;
        let answered = !answers.capabilities.is_empty() || !answers.requires.is_empty();
        let offers = || composed(set, &Answers::default()).is_some();
        if !answered && !*self.offers_choice.get_or_init(offers) {
            return None;
        }
        composed(set, answers)
    }
}

fn problem(subject: String, rule: &str, message: String, choices: Vec<String>) -> AnswerProblem {
    AnswerProblem {
        subject,
        rule: rule.to_owned(),
        message,
        choices,
    }
}

/// How to put an answer error right, appended to its message.
fn error_fix(error: &ChoiceError) -> String {
    match error {
        ChoiceError::NotACandidate { resource_type, .. } => format!(
            "; choose one of them with `--choose {resource_type}=<template>` or under `capabilities:` in the answers file"
        ),
        ChoiceError::UnknownChoice { .. } => {
            "; `vnfwiz capabilities` lists the types and environments this set lets you choose"
                .to_owned()
        }
        ChoiceError::NotABoolean { .. } => String::new(),
        ChoiceError::Exclusive { .. } => "; enable only one of them".to_owned(),
        ChoiceError::MissingEnvironment { .. } => {
            "; add the file to the package or disable the environment".to_owned()
        }
    }
}

/// The answers key an answer error is about.
fn error_subject(error: &ChoiceError) -> &str {
    match error {
        ChoiceError::NotACandidate { resource_type, .. } => resource_type,
        ChoiceError::UnknownChoice { key, .. } => key,
        ChoiceError::NotABoolean { file, .. } | ChoiceError::MissingEnvironment { file } => file,
        ChoiceError::Exclusive { group, .. } => group,
    }
}

impl Composed<'_> {
    /// True when the set offers choices at all (a set without any takes no `requires:`).
    fn offers_choices(&self) -> bool {
        self.composition.set.is_composing() || !self.resolution.choices.is_empty()
    }

    /// Every answer that does not fit and every choice left open, each naming the
    /// candidates: what stops the composition.
    pub fn problems(&self, answers: &Answers) -> Vec<AnswerProblem> {
        let set = self.composition.set;
        let mut out: Vec<AnswerProblem> = self
            .resolution
            .errors
            .iter()
            .map(|error| {
                let choices = match error {
                    ChoiceError::NotACandidate { candidates, .. } => candidates.clone(),
                    ChoiceError::UnknownChoice { choices, .. } => choices.clone(),
                    ChoiceError::NotABoolean { .. } => vec!["true".to_owned(), "false".to_owned()],
                    _ => Vec::new(),
                };
                problem(
                    format!("capabilities {}", error_subject(error)),
                    "capabilities",
                    format!("{error}{}", error_fix(error)),
                    choices,
                )
            })
            .collect();
        if self.offers_choices() {
            out.extend(self.undeclared_requirements(answers));
        } else {
            for key in answers.requires.keys() {
                out.push(problem(
                    format!("requires {key}"),
                    "requires",
                    "the set offers no choice of implementation, so a requirement selects nothing; remove it".to_owned(),
                    Vec::new(),
                ));
            }
        }
        // A type whose answer does not fit is reported once, by that answer.
        let answered_wrong: HashSet<&str> = self
            .resolution
            .errors
            .iter()
            .filter_map(|e| match e {
                ChoiceError::NotACandidate { resource_type, .. } => Some(resource_type.as_str()),
                _ => None,
            })
            .collect();
        for outcome in &self.resolution.choices {
            if answered_wrong.contains(outcome.choice.resource_type.as_str()) {
                continue;
            }
            let Some(message) = outcome.problem(&self.composition, &self.resolution) else {
                continue;
            };
            let (rule, candidates): (&str, Vec<usize>) = match &outcome.outcome {
                Outcome::Ambiguous { kept, .. } => ("CAP-ambiguous", kept.clone()),
                _ => (
                    "CAP-unresolved",
                    (0..outcome.choice.candidates.len()).collect(),
                ),
            };
            let choices = candidates
                .iter()
                .filter_map(|&i| outcome.choice.candidates.get(i))
                .map(|c| c.target.label(set))
                .collect();
            out.push(problem(
                format!("capabilities {}", outcome.choice.resource_type),
                rule,
                message,
                choices,
            ));
        }
        out
    }

    /// Answered requirements on a capability no template of the set declares: they would
    /// select nothing, which is almost always a misspelt key.
    fn undeclared_requirements(&self, answers: &Answers) -> Vec<AnswerProblem> {
        let declared: BTreeSet<&str> = self
            .composition
            .annotations
            .iter()
            .flat_map(|a| a.tags.keys().map(String::as_str))
            .chain(std::iter::once(RESOURCE_TYPE))
            .collect();
        answers
            .requires
            .keys()
            .filter(|key| !declared.contains(key.as_str()))
            .map(|key| {
                let hint = closest(key, declared.iter().copied())
                    .map(|near| format!(" (did you mean `{near}`?)"))
                    .unwrap_or_default();
                problem(
                    format!("requires {key}"),
                    "requires",
                    format!(
                        "no template of the set declares the capability `{key}`{hint}, so the requirement selects nothing; require one of the declared keys (`vnfwiz capabilities` lists them with their values) or remove it"
                    ),
                    declared.iter().map(|k| (*k).to_owned()).collect(),
                )
            })
            .collect()
    }

    /// The templates the chosen composition uses: modules and every template reached.
    pub fn templates(&self) -> HashSet<FileId> {
        self.resolution
            .modules
            .iter()
            .flat_map(|m| std::iter::once(m.module).chain(m.templates.iter().copied()))
            .collect()
    }

    /// The nested parameters the choices leave open, as (template path, name).
    pub fn open_parameters(&self) -> Vec<(String, String)> {
        let set = self.composition.set;
        open_parameters(&self.composition, &self.resolution)
            .into_iter()
            .map(|p| (set.file(p.template).path.clone(), p.name))
            .collect()
    }

    /// What the set lets the operator choose, as the Capabilities step shows it.
    pub fn summary(&self) -> Summary {
        summary(&self.composition, &self.resolution)
    }

    /// Warnings met while reading and merging the composition data.
    pub fn notes(&self) -> Vec<Note> {
        let set = self.composition.set;
        let mut notes: Vec<Note> = self
            .composition
            .problems
            .iter()
            .chain(&self.resolution.problems)
            .map(|p| Note {
                level: NoteLevel::Warning,
                section: "capabilities",
                subject: format!(
                    "{}:{}:{}",
                    set.file(p.file).path,
                    p.span.line,
                    p.span.column
                ),
                message: p.message.clone(),
            })
            .collect();
        notes.extend(self.chosen_against_requirements());
        notes
    }

    /// A warning for each answer that chooses a candidate the requirements set aside: the
    /// answer is used, and the operator is told which requirement it goes against.
    fn chosen_against_requirements(&self) -> impl Iterator<Item = Note> + '_ {
        let set = self.composition.set;
        self.resolution.choices.iter().filter_map(move |outcome| {
            let rejection = outcome.overridden()?;
            let chosen = outcome.chosen()?.target.label(set);
            let from = match self.resolution.requires.get(&rejection.key).map(|r| &r.source) {
                Some(RequirementSource::Environment { env, span }) => {
                    format!("{}:{}", set.file(*env).path, span.line)
                }
                Some(RequirementSource::Answer) | None => "the answers".to_owned(),
            };
            Some(Note {
                level: NoteLevel::Warning,
                section: CHOSEN_AGAINST_REQUIREMENTS,
                subject: outcome.choice.resource_type.clone(),
                message: format!(
                    "the answer chooses `{chosen}`, which the requirements set aside ({}={}; {} is required by {from}); it is used as answered",
                    rejection.key,
                    rejection.declared.join("|"),
                    rejection.wanted
                ),
            })
        })
    }

    /// The composed set's files (values answered written into the module environments)
    /// and its base template's path, or every reason it cannot be written.
    pub fn output(
        &self,
        mode: RegistryOutput,
        answers: &Answers,
    ) -> Result<(Vec<OutputFile>, String), Vec<AnswerProblem>> {
        let composed = compose(
            &self.composition,
            &self.resolution,
            mode,
            &answers.parameters,
        )
        .map_err(|errors| {
            errors
                .into_iter()
                // Answer errors and unresolved types are reported by `problems`.
                .filter(|e| !matches!(e, ComposeError::Choice(_) | ComposeError::Unresolved { .. }))
                .map(|e| {
                    problem(
                        "capabilities".to_owned(),
                        "compose",
                        e.to_string(),
                        Vec::new(),
                    )
                })
                .collect::<Vec<_>>()
        })?;
        let base = composed
            .files
            .iter()
            .find(|f| f.role == ComposedRole::Module(TemplateKind::Base))
            .or_else(|| {
                composed
                    .files
                    .iter()
                    .find(|f| matches!(f.role, ComposedRole::Module(_)))
            })
            .map(|f| f.path.clone())
            .unwrap_or_default();
        let base_env = crate::model::hot::env_path_for(&base);
        let set = self.composition.set;
        let files = composed
            .files
            .into_iter()
            .map(|f| {
                let role = match f.role {
                    ComposedRole::Module(_) if f.path == base => FileRole::Template,
                    ComposedRole::Environment if f.path == base_env => FileRole::Environment,
                    ComposedRole::Artifact => FileRole::Artifact,
                    _ => FileRole::Nested,
                };
                OutputFile {
                    path: f.path,
                    bytes: f.bytes,
                    role,
                    secrets: Vec::new(),
                    source: f.source.map(|id| set.file(id).path.clone()),
                }
            })
            .collect();
        Ok((files, base))
    }

    /// The decisions to record under `capabilities:` in answers.yaml.
    pub fn recorded(&self) -> std::collections::BTreeMap<String, String> {
        self.resolution.recorded(&self.composition)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::session::resolve::load;

    const BASE: &str = "heat_template_version: 2016-10-14
parameters:
  dns_name_0: {type: string}
resources:
  dns_resolver_0:
    type: OS::VNF::DnsResolver
    properties:
      dns_name_0: {get_param: dns_name_0}
";

    const ENV: &str = "resource_registry:
  OS::VNF::DnsResolver: [resolvers/bind.yaml, resolvers/unbound.yaml]
";

    fn resolver(software: &str, extra: &str) -> String {
        format!(
            "heat_template_version: 2016-10-14
capabilities:
  resource_type: OS::VNF::DnsResolver
  software: {software}
parameters:
  dns_name_0: {{type: string}}
{extra}resources:
  dns_server_0:
    type: OS::Nova::Server
    properties:
      name: {{get_param: dns_name_0}}
      image: dns-{software}
      flavor: m1.small
"
        )
    }

    fn file(path: &str, text: &str) -> OutputFile {
        OutputFile {
            path: path.to_owned(),
            bytes: text.as_bytes().to_vec(),
            role: FileRole::Artifact,
            secrets: Vec::new(),
            source: None,
        }
    }

    /// A DNS resolver with two implementations; unbound asks for one more parameter.
    fn dns_set() -> HotSet {
        let files = [
            file("base_dns.yaml", BASE),
            file("base_dns.env", ENV),
            file("resolvers/bind.yaml", &resolver("bind", "")),
            file(
                "resolvers/unbound.yaml",
                &resolver("unbound", "  unbound_threads: {type: number}\n"),
            ),
        ];
        load(&files, "dns", &Limits::default())
    }

    fn answers(choose: &[(&str, &str)], require: &[(&str, &str)]) -> Answers {
        let mut answers = Answers::default();
        let pairs = |list: &[(&str, &str)]| {
            list.iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        answers.capabilities = pairs(choose);
        answers.requires = pairs(require);
        answers
    }

    #[test]
    fn an_answer_against_the_requirements_is_used_with_a_warning() {
        let set = dns_set();
        let against = answers(
            &[("OS::VNF::DnsResolver", "resolvers/bind.yaml")],
            &[("software", "unbound")],
        );
        let composed = composed(&set, &against).expect("a choice");
        assert!(composed.problems(&against).is_empty(), "the answer stands");
        let notes = composed.notes();
        let note = notes
            .iter()
            .find(|n| n.section == CHOSEN_AGAINST_REQUIREMENTS)
            .expect("a warning names the requirement");
        assert_eq!(note.level, NoteLevel::Warning);
        assert_eq!(note.subject, "OS::VNF::DnsResolver");
        assert!(
            note.message.contains("`resolvers/bind.yaml`")
                && note
                    .message
                    .contains("software=bind; unbound is required by the answers"),
            "{}",
            note.message
        );
        assert_eq!(
            crate::session::note_answer_subject(note).as_deref(),
            Some("capabilities OS::VNF::DnsResolver")
        );
        let agreeing = answers(
            &[("OS::VNF::DnsResolver", "resolvers/unbound.yaml")],
            &[("software", "unbound")],
        );
        let composed = super::composed(&set, &agreeing).unwrap();
        assert!(
            !composed
                .notes()
                .iter()
                .any(|n| n.section == CHOSEN_AGAINST_REQUIREMENTS)
        );
    }

    #[test]
    fn an_ambiguous_type_names_its_candidates_until_chosen() {
        let set = dns_set();
        let none = answers(&[], &[]);
        let open = composed(&set, &none).expect("the set offers a choice");
        let problems = open.problems(&none);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].rule, "CAP-ambiguous");
        assert_eq!(problems[0].subject, "capabilities OS::VNF::DnsResolver");
        assert_eq!(
            problems[0].choices,
            ["resolvers/bind.yaml", "resolvers/unbound.yaml"]
        );

        let chosen = answers(&[("OS::VNF::DnsResolver", "resolvers/unbound.yaml")], &[]);
        let done = composed(&set, &chosen).expect("composed");
        assert!(done.problems(&chosen).is_empty());
        let (files, base) = done
            .output(RegistryOutput::Inline, &chosen)
            .expect("output");
        assert_eq!(base, "base_dns.yaml");
        let template = files.iter().find(|f| f.path == base).expect("base written");
        let text = String::from_utf8_lossy(&template.bytes);
        assert!(text.contains("type: unbound.yaml"), "{text}");
        assert!(!text.contains("OS::VNF::DnsResolver"), "{text}");
        assert!(files.iter().all(|f| {
            let text = String::from_utf8_lossy(&f.bytes);
            !text.contains("capabilities:") && !text.contains("resolvers/")
        }));
        assert_eq!(
            done.recorded()
                .get("OS::VNF::DnsResolver")
                .map(String::as_str),
            Some("resolvers/unbound.yaml")
        );
    }

    #[test]
    fn the_choice_decides_which_nested_parameters_stay_open() {
        let set = dns_set();
        let open = |choice: &str| {
            let answers = answers(&[("OS::VNF::DnsResolver", choice)], &[]);
            composed(&set, &answers)
                .expect("composed")
                .open_parameters()
        };
        assert!(open("resolvers/bind.yaml").is_empty());
        assert_eq!(
            open("resolvers/unbound.yaml"),
            [(
                "resolvers/unbound.yaml".to_owned(),
                "unbound_threads".to_owned()
            )]
        );
    }

    #[test]
    fn a_requirement_selects_and_a_misspelt_one_is_named() {
        let set = dns_set();
        let by_tag = answers(&[], &[("software", "bind")]);
        assert!(
            composed(&set, &by_tag)
                .expect("c")
                .problems(&by_tag)
                .is_empty()
        );

        let misspelt = answers(&[], &[("softwre", "bind")]);
        let problems = composed(&set, &misspelt).expect("c").problems(&misspelt);
        let subjects: Vec<&str> = problems.iter().map(|p| p.subject.as_str()).collect();
        assert_eq!(
            subjects,
            ["requires softwre", "capabilities OS::VNF::DnsResolver"]
        );
        assert!(
            problems[0].message.contains("did you mean `software`"),
            "{problems:#?}"
        );
        assert_eq!(problems[0].choices, ["resource_type", "software"]);
    }

    #[test]
    fn a_choice_outside_the_candidates_is_one_problem_with_the_fix() {
        let set = dns_set();
        let wrong = answers(&[("OS::VNF::DnsResolver", "resolvers/knot.yaml")], &[]);
        let problems = composed(&set, &wrong).expect("c").problems(&wrong);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0]
                .message
                .contains("--choose OS::VNF::DnsResolver=<template>"),
            "{problems:#?}"
        );
        assert_eq!(
            problems[0].choices,
            ["resolvers/bind.yaml", "resolvers/unbound.yaml"]
        );

        let unknown = answers(&[("OS::VNF::Dns", "resolvers/bind.yaml")], &[]);
        let problems = composed(&set, &unknown).expect("c").problems(&unknown);
        assert_eq!(problems[0].subject, "capabilities OS::VNF::Dns");
        assert_eq!(problems[0].choices, ["OS::VNF::DnsResolver"]);
    }

    #[test]
    fn a_set_without_choices_is_not_composed() {
        let plain = "heat_template_version: 2016-10-14
resources:
  dns_server_0:
    type: OS::Nova::Server
    properties: {image: dns-bind, flavor: m1.small}
";
        let files = [file("base_dns.yaml", plain)];
        let set = load(&files, "plain", &Limits::default());
        assert!(composed(&set, &Answers::default()).is_none());
    }
}
