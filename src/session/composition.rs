//! A HOT set that offers choices (template `capabilities:`, `requires:`, registry lists,
//! alternative environments, a capabilities map): the answers' `capabilities:` and
//! `requires:` resolve it, unresolved choices and answers that do not fit are answer
//! problems naming the candidates, and the output is the composed set (`compose`), not a
//! copy of the input.

use std::collections::HashSet;

use crate::answers::{Answers, RegistryOutput};
use crate::capabilities::{
    ChoiceError, ComposeError, ComposedRole, Composition, Outcome, Resolution, Summary, compose,
    open_parameters, resolve, summary,
};
use crate::convert::{Note, NoteLevel};
use crate::hot::{FileId, HotSet, TemplateKind};

use super::check::AnswerProblem;
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

fn problem(subject: String, rule: &str, message: String, choices: Vec<String>) -> AnswerProblem {
    AnswerProblem {
        subject,
        rule: rule.to_owned(),
        message,
        choices,
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
                    error.to_string(),
                    choices,
                )
            })
            .collect();
        if !self.offers_choices() {
            for key in answers.requires.keys() {
                out.push(problem(
                    format!("requires {key}"),
                    "requires",
                    "the set offers no choice of implementation, so a requirement selects nothing; remove it".to_owned(),
                    Vec::new(),
                ));
            }
        }
        for outcome in &self.resolution.choices {
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
        self.composition
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
            .collect()
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
        let base_env = crate::hot::env_path_for(&base);
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
