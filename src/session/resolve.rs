//! From answers to the output set in memory: an OVF package is converted to HOT, then
//! (for OVF and HOT sources alike) parameter answers go into the environment files, the
//! answers file is added, and the whole set is loaded and validated exactly as
//! `vnfwiz validate` would validate the written folder.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::Path;

use serde::Serialize;

use crate::answers::{Answers, EulaAcceptance, PackageFormat, scalar_text};
use crate::convert::{Choices, FILES_FOLDER, Note, NoteLevel, Owner, convert};
use crate::hot::{HotSet, Roots, Stage, TemplateKind, load_set};
use crate::report::{Severity, Violation};
use crate::rules::{Selection, check_hot};
use crate::source::PackageFiles;

use super::catalogue::{Declared, declared};
use super::check::{AnswerProblem, find_property};
use super::questions::eulas;
use super::{Session, SourceKind, environment};

/// The answers file written beside the templates.
pub const ANSWERS_FILE: &str = "answers.yaml";

/// What a file of the output is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileRole {
    /// The base template.
    Template,
    /// The base template's environment file.
    Environment,
    /// A nested template, another module or its environment file.
    Nested,
    /// A file a template reads with `get_file` (or a package manifest).
    Artifact,
    /// The answers file.
    Answers,
}

/// One file to write, package-relative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    /// Its path below the output folder.
    pub path: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// What it is.
    pub role: FileRole,
    /// The hidden parameters whose values it holds (written with mode 0600).
    pub secrets: Vec<String>,
}

/// The output set, resolved and validated, not yet written.
#[derive(Debug)]
pub struct Resolved {
    /// OVF package or HOT set.
    pub kind: SourceKind,
    /// The input path as given.
    pub input: String,
    /// The base template's path.
    pub template: String,
    /// Its environment file's path.
    pub environment: String,
    /// Every file to write.
    pub files: Vec<OutputFile>,
    /// The set as `vnfwiz validate` loads it from the written folder.
    pub set: HotSet,
    /// The validation findings on it.
    pub violations: Vec<Violation>,
    /// Conversion warnings (OVF sources).
    pub notes: Vec<Note>,
    /// Module parameters without a value, left for stack creation: (name, template).
    pub unset: Vec<(String, String)>,
    /// The package the answers ask for.
    pub package: PackageFormat,
}

impl Resolved {
    /// True when a violation of error severity stops the write.
    pub fn has_errors(&self) -> bool {
        self.violations
            .iter()
            .any(|v| v.severity() == Severity::Error)
    }
}

/// Why the answers cannot be resolved: every problem found, of each kind.
#[derive(Debug, Default)]
pub struct Refusal {
    /// Problems with the answers.
    pub problems: Vec<AnswerProblem>,
    /// Error-severity findings of the OVF rules on the package.
    pub package: Vec<Violation>,
    /// Conversion notes (errors first) when the package cannot be converted.
    pub notes: Vec<Note>,
}

impl Refusal {
    /// Puts problems found before resolving (while reading values) first; a later
    /// `required` problem about the same subject says nothing new and is dropped.
    pub fn prepend(&mut self, first: Vec<AnswerProblem>) {
        let later = std::mem::take(&mut self.problems);
        self.problems = first;
        for problem in later {
            let repeated = problem.rule == "required"
                && self.problems.iter().any(|p| p.subject == problem.subject);
            if !repeated {
                self.problems.push(problem);
            }
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines: Vec<String> = self.problems.iter().map(ToString::to_string).collect();
        lines.extend(self.package.iter().map(|v| {
            format!(
                "{}:{}:{}: {} {}",
                v.file, v.span.line, v.span.column, v.rule.id, v.message
            )
        }));
        lines.extend(
            self.notes
                .iter()
                .filter(|n| n.level == NoteLevel::Error)
                .map(ToString::to_string),
        );
        f.write_str(&lines.join("\n"))
    }
}

/// A conversion's parameters and which of them OVF answers decide.
#[derive(Debug)]
pub struct Generated {
    /// Every parameter of the generated templates.
    pub declared: Vec<Declared>,
    /// Base parameters that properties or the deployment option decide.
    pub owners: BTreeMap<String, Owner>,
}

/// Loads files from memory as `vnfwiz validate` loads a folder.
fn load(files: &[OutputFile], label: &str, limits: &crate::limits::Limits) -> HotSet {
    let entries = files
        .iter()
        .map(|f| (f.path.clone(), f.bytes.clone()))
        .collect();
    match PackageFiles::from_memory(Path::new(label), entries, limits) {
        Ok(package) => load_set(&package, Roots::Discover, label.to_owned(), limits),
        // Generated names are always relative and few; an input set was read under the
        // same limits. Validate nothing rather than panic if that ever changes.
        Err(_) => load_set(
            &PackageFiles::open_sparse(Path::new(label), limits),
            Roots::Given(Vec::new()),
            label.to_owned(),
            limits,
        ),
    }
}

impl Session {
    /// The deployment option the answers select: theirs when it exists, else the default.
    pub(super) fn option(&self, answers: &Answers) -> Option<String> {
        let (_, envelope) = self.ovf()?;
        let ids = envelope.configurations();
        answers
            .deployment_option
            .clone()
            .filter(|o| ids.iter().any(|c| c.id.value == *o))
            .or_else(|| envelope.default_configuration().map(str::to_owned))
    }

    /// The converter's view of the answers: every property's value (answer, else the
    /// option's default, else empty), the option and the transport.
    pub(super) fn choices(&self, answers: &Answers) -> Choices {
        let mut choices = Choices {
            option: self.option(answers),
            transport: answers.ovf_env_transport.unwrap_or_default(),
            ..Choices::default()
        };
        let Some((_, envelope)) = self.ovf() else {
            return choices;
        };
        for (key, value) in &answers.properties {
            if let (Some(property), Some(text)) = (find_property(envelope, key), scalar_text(value))
                && property.user_configurable
            {
                choices.answered.push(property.full_key.clone());
                choices.values.insert(property.full_key.clone(), text);
            }
        }
        for (_, _, property) in envelope.properties() {
            if !choices.values.contains_key(&property.full_key) {
                let default = property
                    .default_for(choices.option.as_deref())
                    .unwrap_or("");
                choices
                    .values
                    .insert(property.full_key.clone(), default.to_owned());
            }
        }
        choices
    }

    /// The parameters of the conversion with default answers (cached): what `--set` and
    /// `parameters:` answers may name.
    pub(super) fn generated(&self) -> Option<&Generated> {
        self.generated
            .get_or_init(|| {
                let (package, envelope) = self.ovf()?;
                let choices = self.choices(&Answers::default());
                let conversion = convert(package, envelope, &choices, &self.name).ok()?;
                let files: Vec<OutputFile> = conversion
                    .files
                    .into_iter()
                    .map(|(path, bytes)| OutputFile {
                        path,
                        bytes,
                        role: FileRole::Nested,
                        secrets: Vec::new(),
                    })
                    .collect();
                let set = load(&files, &self.label, &self.limits);
                Some(Generated {
                    declared: declared(&set),
                    owners: conversion.owners,
                })
            })
            .as_ref()
    }

    /// Resolves the answers into the output set, validated; refuses with every problem
    /// when the answers or the package do not allow it.
    pub fn resolve(&self, answers: &Answers) -> Result<Resolved, Refusal> {
        let mut refusal = Refusal {
            problems: self.check(answers),
            package: self
                .package_violations()
                .iter()
                .filter(|v| v.severity() == Severity::Error)
                .cloned()
                .collect(),
            notes: Vec::new(),
        };
        if !refusal.problems.is_empty() || !refusal.package.is_empty() {
            return Err(refusal);
        }
        let mut effective = answers.clone();
        effective.package = Some(answers.package.unwrap_or(PackageFormat::None));
        let converted;
        let (mut files, template, notes, secret_keys, base) = match (self.ovf(), self.hot()) {
            (Some((package, envelope)), _) => {
                let choices = self.choices(answers);
                let conversion = match convert(package, envelope, &choices, &self.name) {
                    Ok(conversion) => conversion,
                    Err(error) => {
                        refusal.notes = error.notes;
                        return Err(refusal);
                    }
                };
                if !envelope.configurations().is_empty() {
                    effective.deployment_option = choices.option.clone();
                }
                let licences = eulas(envelope);
                if !licences.is_empty() {
                    effective.accept_eula =
                        EulaAcceptance::Digests(licences.into_iter().map(|e| e.sha256).collect());
                }
                effective.ovf_env_transport = Some(choices.transport);
                let secrets: Vec<String> = envelope
                    .properties()
                    .filter(|(_, _, p)| p.password)
                    .map(|(_, _, p)| p.full_key.clone())
                    .collect();
                let files = conversion
                    .files
                    .into_iter()
                    .map(|(path, bytes)| {
                        let role = if path == conversion.template {
                            FileRole::Template
                        } else if path == conversion.environment {
                            FileRole::Environment
                        } else if path.starts_with(&format!("{FILES_FOLDER}/")) {
                            FileRole::Artifact
                        } else {
                            FileRole::Nested
                        };
                        OutputFile {
                            path,
                            bytes,
                            role,
                            secrets: Vec::new(),
                        }
                    })
                    .collect::<Vec<_>>();
                converted = load(&files, &self.label, &self.limits);
                (
                    files,
                    conversion.template,
                    conversion.notes,
                    secrets,
                    &converted,
                )
            }
            (None, Some(set)) => {
                if set.is_composing() {
                    refusal.notes.push(Note {
                        level: NoteLevel::Error,
                        section: "capabilities",
                        subject: set.label.clone(),
                        message: "the set is still being composed (template `capabilities:`, environment `requires:` or lists in `resource_registry`); onboard does not choose implementations yet: `vnfwiz capabilities` lists the choices".to_owned(),
                    });
                    return Err(refusal);
                }
                let (files, template) = hot_files(set);
                (files, template, Vec::new(), Vec::new(), set)
            }
            (None, None) => return Err(refusal),
        };
        if files.iter().any(|f| f.path == ANSWERS_FILE) {
            refusal.notes.push(Note {
                level: NoteLevel::Error,
                section: "answers",
                subject: ANSWERS_FILE.to_owned(),
                message: "the template set has a file with the answers file's name; rename it"
                    .to_owned(),
            });
            return Err(refusal);
        }
        let environment = environment::apply(base, &mut files, &answers.parameters, &self.limits)
            .unwrap_or_else(|| crate::hot::env_path_for(&template));
        let hidden: Vec<String> = declared(base)
            .into_iter()
            .filter(|d| d.hidden)
            .map(|d| d.name)
            .collect();
        let answers_text = effective
            .to_yaml(|key| secret_keys.iter().any(|k| k == key) || hidden.iter().any(|h| h == key));
        files.push(OutputFile {
            path: ANSWERS_FILE.to_owned(),
            bytes: answers_text.into_bytes(),
            role: FileRole::Answers,
            secrets: Vec::new(),
        });
        let mut set = load(&files, &self.label, &self.limits);
        // What vnfwiz writes claims to deploy as it is.
        set.stage = Stage::HeatReady;
        let secrets = environment::secrets(&set);
        for file in &mut files {
            if let Some(names) = secrets.get(&file.path) {
                file.secrets = names.clone();
            }
        }
        let unset = declared(&set)
            .into_iter()
            .filter(|d| d.module && d.value.is_none())
            .map(|d| (d.name, d.template))
            .collect();
        let violations = check_hot(&set, &Selection::all());
        Ok(Resolved {
            kind: self.kind(),
            input: self.label.clone(),
            template,
            environment,
            files,
            set,
            violations,
            notes,
            unset,
            package: effective.package.unwrap_or(PackageFormat::None),
        })
    }

    /// Whether a key of the answers is a secret (a password property or a hidden
    /// parameter), so it is never written to answers.yaml or shown.
    pub fn is_secret(&self, key: &str) -> bool {
        if let Some((_, envelope)) = self.ovf()
            && find_property(envelope, key).is_some_and(|p| p.password)
        {
            return true;
        }
        let hidden = |list: &[Declared]| list.iter().any(|d| d.name == key && d.hidden);
        match self.hot() {
            Some(set) => hidden(&declared(set)),
            None => self.generated().is_some_and(|g| hidden(&g.declared)),
        }
    }
}

/// The files of an input set to write: templates, environment files, files a template
/// or environment refers to, and `MANIFEST.json`; plus the base template's path.
fn hot_files(set: &HotSet) -> (Vec<OutputFile>, String) {
    use crate::hot::Role;
    let base = set
        .modules
        .iter()
        .find(|m| m.kind == TemplateKind::Base)
        .or(set.modules.first());
    let base_template = base.map(|m| m.template);
    let base_env = base.and_then(|m| m.env);
    let referenced: HashSet<usize> = set
        .references
        .iter()
        .filter_map(|r| r.resolved.as_ref().ok().copied())
        .collect();
    let mut files = Vec::new();
    for (id, file) in set.files.iter().enumerate() {
        let role = match file.role {
            Role::Template(_) if Some(id) == base_template => FileRole::Template,
            Role::Environment if Some(id) == base_env => FileRole::Environment,
            Role::Template(_) | Role::Environment => FileRole::Nested,
            Role::Manifest => FileRole::Artifact,
            Role::Artifact if referenced.contains(&id) => FileRole::Artifact,
            Role::Artifact => continue,
        };
        files.push(OutputFile {
            path: file.path.clone(),
            bytes: file.bytes.clone(),
            role,
            secrets: Vec::new(),
        });
    }
    let template = base_template
        .map(|id| set.files[id].path.clone())
        .unwrap_or_default();
    (files, template)
}
