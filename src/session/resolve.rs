//! From answers to the output set in memory: an OVF package is converted to HOT, a HOT set
//! that offers choices is composed (`capabilities::compose`), other HOT sets are kept; then
//! parameter answers go into the environment files, the answers file is added, and the
//! whole set is loaded and validated exactly as `vnfwiz validate` would validate the written
//! folder. When packages are asked for, what they are made of is decided here too.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use crate::check::rules::Selection;
use crate::check::waivers::{Record, WAIVERS_FILE, record};
use crate::foundation::diagnostics::{InputRoot, Severity, Violation, WaivedViolation};
use crate::input::source::PackageFiles;
use crate::input::yaml::scalar_text;
use crate::input::yaml::{Memo, Node};
use crate::model::capabilities::RegistryOutput;
use crate::model::hot::{HotSet, Roots, Stage, load_set};
use crate::session::answers::{Answers, EulaAcceptance, parameter_key};
use crate::transform::convert::{Choices, Note, NoteLevel, Owner, convert};
use crate::transform::fix::{FixLevel, Outcome};
use crate::transform::package::heat_zip::MANIFEST_JSON;
use crate::transform::package::{PackageFormat, PackageKind, kinds};

use super::check::{AnswerProblem, find_property};
use super::package::Packaging;
use super::parameters::{Declared, declared};
use super::supplied::{SuppliedParameters, supplied};
use super::{Session, SourceKind, environment, fixes};
use crate::model::ovf::inspection::eula_views;

/// The answers file, at the top of the output beside `heat/`, apart from the HOT set (SDC
/// and VVP take every `.yaml` of a heat package's folder for a template).
pub const ANSWERS_FILE: &str = crate::input::source::ANSWERS_NAME;

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
    /// The file of the source set it is read or composed from (its package path); none
    /// for a file vnfwiz generates (a conversion, a new environment, the answers file).
    pub source: Option<String>,
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
    /// The validation findings on it that count (waived ones left out).
    pub violations: Vec<Violation>,
    /// The findings a waiver accepts (the answers', the project config's, the set's own
    /// comments), each with its reason: never counted, recorded in the packages.
    pub waived: Vec<WaivedViolation>,
    /// The rules it was checked against (all, unless the answers chose an output one of
    /// them forbids by design: `registry: env`).
    pub rules: Selection,
    /// Conversion warnings (OVF sources).
    pub notes: Vec<Note>,
    /// Module parameters without a value, left for stack creation: (name, template).
    pub unset: Vec<(String, String)>,
    /// The package the answers ask for.
    pub package: PackageFormat,
    /// Fixes applied to the set (recorded in answers.yaml) and notes on those that were not.
    pub fixes: Outcome,
    /// What the packages are made of (none for `PackageFormat::None`).
    pub packaging: Option<Packaging>,
}

impl Resolved {
    /// How many violations of error severity stop the write.
    pub fn error_count(&self) -> usize {
        self.violations
            .iter()
            .filter(|v| v.severity() == Severity::Error)
            .count()
    }

    /// The waived findings as the packages record them.
    pub fn waiver_records(&self) -> Vec<Record> {
        records(&self.waived, &self.set)
    }

    /// True when a violation of error severity stops the write.
    pub fn has_errors(&self) -> bool {
        self.error_count() > 0
    }
}

/// Why the answers cannot be resolved: every problem found, of each kind.
#[derive(Clone, Debug, Default)]
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
    /// The generated files (default answers).
    pub files: Vec<OutputFile>,
    /// Every parameter of the generated templates.
    pub declared: Vec<Declared>,
    /// Base parameters that properties or the deployment option decide.
    pub owners: BTreeMap<String, Owner>,
}

/// ONAP's rule against `resource_registry` (R-67231), which `registry: env` output breaks by
/// the operator's choice.
pub const REGISTRY_RULE: &str = "R-67231";

/// The output files of a source under some answers, before answers.yaml is added.
pub(super) struct Output {
    /// Every file to write.
    pub files: Vec<OutputFile>,
    /// The base template's path.
    pub template: String,
    /// Its environment file's path.
    pub environment: String,
    /// Conversion and composition warnings.
    pub notes: Vec<Note>,
    /// Answer keys never written to answers.yaml (password properties, hidden parameters).
    pub secret_keys: Vec<String>,
    /// The rules the written set is held to.
    pub rules: Selection,
    /// Whether the files keep the source's own paths (a HOT set onboarded as it is), so
    /// the output is judged inside the source's package (`HotSet::keep_listing_of`).
    pub in_place: bool,
}

/// The hidden parameters of a set.
fn hidden(set: &HotSet) -> Vec<String> {
    declared(set)
        .into_iter()
        .filter(|d| d.hidden)
        .map(|d| d.name)
        .collect()
}

/// Loads files from memory as `vnfwiz validate` loads a folder.
/// The records of the findings `waived` on `set`, as the packages carry them.
fn records(waived: &[WaivedViolation], set: &HotSet) -> Vec<Record> {
    waived
        .iter()
        .map(|w| {
            let text = set
                .find(&w.violation.file)
                .map(|id| crate::model::hot::secrets::display_text(set, id));
            Record::of(w, text.as_deref())
        })
        .collect()
}

/// Puts into `files` (the output's `heat/`) what the heat zip holds beside the set: SDC's
/// manifest and, when findings are waived, the waivers file, so the folder is exactly the
/// zip's members.
fn place_heat_zip_files(files: &mut Vec<OutputFile>, packaging: &Packaging, waivers: &[Record]) {
    files.retain(|f| f.path != MANIFEST_JSON && f.path != WAIVERS_FILE);
    let mut generated = vec![(MANIFEST_JSON, packaging.heat_manifest(waivers))];
    if !waivers.is_empty() {
        generated.push((WAIVERS_FILE, record::render(waivers)));
    }
    for (path, text) in generated {
        files.push(OutputFile {
            path: path.to_owned(),
            bytes: text.into_bytes(),
            role: FileRole::Artifact,
            secrets: Vec::new(),
            source: None,
        });
    }
}

pub(super) fn load(
    files: &[OutputFile],
    label: &str,
    limits: &crate::foundation::limits::Limits,
) -> HotSet {
    load_through(files, label, limits, None)
}

/// Like [`load`], parsing through `memo`: a file whose text an earlier load parsed keeps
/// its document (the session's evaluations, where one answer changes one file).
pub(super) fn load_through(
    files: &[OutputFile],
    label: &str,
    limits: &crate::foundation::limits::Limits,
    memo: Option<&Arc<Memo>>,
) -> HotSet {
    // As `validate` lists the written folder: the record folder is not part of the set.
    let entries = files
        .iter()
        .filter(|f| f.role != FileRole::Answers)
        .map(|f| (f.path.clone(), f.bytes.clone()))
        .collect();
    match PackageFiles::from_memory(Path::new(label), entries, limits) {
        Ok(package) => {
            let package = package.with_memo(memo.cloned());
            load_set(&package, Roots::Discover, label.to_owned(), limits)
        }
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
    /// option's default, else empty), those left for instantiation, the option and the
    /// transport.
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
        if !answers.require_all_values {
            choices.open = self
                .open_properties(envelope, answers)
                .iter()
                .map(|p| p.full_key.clone())
                .collect();
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
            .get_or_init(|| self.generate(&Answers::default()))
            .as_ref()
    }

    /// The parameters of the conversion under the deployment option `answers` choose
    /// (cached per option), so every question and value follows the option: a flavor
    /// parameter's value names the chosen option's flavor.
    pub(super) fn generated_for(&self, answers: &Answers) -> Option<&Generated> {
        let Some(option) = self.option(answers) else {
            return self.generated();
        };
        let (_, envelope) = self.ovf()?;
        if envelope.default_configuration() == Some(option.as_str()) {
            return self.generated();
        }
        let (_, cell) = self
            .generated_by_option
            .iter()
            .find(|(id, _)| *id == option)?;
        cell.get_or_init(|| {
            self.generate(&Answers {
                deployment_option: Some(option.clone()),
                ..Answers::default()
            })
        })
        .as_ref()
    }

    /// The conversion's parameters under `answers`' deployment option, other answers left
    /// at their defaults.
    fn generate(&self, answers: &Answers) -> Option<Generated> {
        let (package, envelope) = self.ovf()?;
        let choices = self.choices(answers);
        let conversion = convert(package, envelope, &choices, &self.name).ok()?;
        let files: Vec<OutputFile> = conversion
            .files
            .into_iter()
            .map(|(path, bytes)| OutputFile {
                path,
                bytes,
                role: FileRole::Nested,
                secrets: Vec::new(),
                source: None,
            })
            .collect();
        let set = self.load(&files);
        Some(Generated {
            declared: declared(&set),
            owners: conversion.owners,
            files,
        })
    }

    /// The module parameters ONAP supplies at instantiation (cached): for an OVF package,
    /// of the conversion with default answers; for a HOT set, of its own modules.
    pub(super) fn supplied(&self) -> &SuppliedParameters {
        self.supplied.get_or_init(|| {
            if let Some(set) = self.hot() {
                return supplied(
                    set,
                    &hot_files(set).0,
                    &self.rules,
                    &self.label,
                    &self.limits,
                );
            }
            let Some(generated) = self.generated() else {
                return SuppliedParameters::new();
            };
            let set = self.load(&generated.files);
            supplied(
                &set,
                &generated.files,
                &self.rules,
                &self.label,
                &self.limits,
            )
        })
    }

    /// Resolves the answers into the output set, validated; refuses with every problem
    /// when the answers or the package do not allow it. When the answers ask for packages,
    /// what they are made of is decided here too (`Resolved::packaging`). Fixes the answers
    /// record are replayed.
    pub fn resolve(&self, answers: &Answers) -> Result<Resolved, Refusal> {
        self.resolve_fixing(answers, FixLevel::None)
    }

    /// Like [`Session::resolve`], also applying every fix `level` admits (`onboard --fix`)
    /// before packages and answers.yaml are made from the files.
    pub fn resolve_fixing(&self, answers: &Answers, level: FixLevel) -> Result<Resolved, Refusal> {
        let refusal = Refusal {
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
        let format = answers.package.unwrap_or(PackageFormat::None);
        let mut effective = answers.clone();
        effective.package = Some(format);
        let Output {
            mut files,
            template,
            environment,
            notes,
            secret_keys,
            rules,
            in_place,
        } = self.output(answers, &mut effective)?;
        let fixed = fixes::apply(
            &mut files,
            &environment,
            &|files: &[OutputFile]| self.load_output(files, in_place),
            &rules,
            level,
            &answers.fixes,
        );
        effective.fixes = fixed.records;
        let packaging = match format {
            PackageFormat::None => None,
            _ => Some(self.packaging(answers, &files, &mut effective)?),
        };
        let heat_zip = packaging
            .as_ref()
            .filter(|_| kinds(format).contains(&PackageKind::HeatZip));
        // `heat/` holds exactly what the heat zip holds, SDC's manifest and the waivers file
        // included. Which findings are waived is known once the set is checked, and the set
        // holds the waivers file: it is checked again until the records it holds are its
        // own (a second pass when something is waived, a third when a waived finding's
        // line is in the manifest that now lists the waivers file).
        let mut recorded: Vec<Record> = Vec::new();
        let mut passes = 0;
        let (set, judged) = loop {
            if let Some(packaging) = heat_zip {
                place_heat_zip_files(&mut files, packaging, &recorded);
            }
            let mut set = self.load_output(&files, in_place);
            // What vnfwiz writes claims to deploy as it is.
            set.stage = Stage::HeatReady;
            let found = self.last_check.check(&set, &files, in_place, &rules);
            let judged = self.judge(found, &set, &rules, answers);
            let records = records(&judged.waived, &set);
            passes += 1;
            if heat_zip.is_none() || records == recorded || passes == 3 {
                break (set, judged);
            }
            recorded = records;
        };
        let answers_text = effective.to_yaml(|key| secret_keys.iter().any(|k| k == key));
        files.push(OutputFile {
            path: ANSWERS_FILE.to_owned(),
            bytes: answers_text.into_bytes(),
            role: FileRole::Answers,
            secrets: Vec::new(),
            source: None,
        });
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
        Ok(Resolved {
            kind: self.kind(),
            input: self.label.clone(),
            template,
            environment,
            files,
            set,
            violations: judged.violations,
            waived: judged.waived,
            rules,
            notes,
            unset,
            package: format,
            packaging,
            fixes: fixed.outcome,
        })
    }

    /// The output files of the source under `answers` (answers.yaml excepted), recording in
    /// `effective` what the run decided: for an OVF package the conversion with the
    /// answers' choices; for a HOT set its own files, or the composed set when it offers
    /// choices; then parameter answers in the environment files.
    pub(super) fn output(
        &self,
        answers: &Answers,
        effective: &mut Answers,
    ) -> Result<Output, Refusal> {
        if let Some((package, envelope)) = self.ovf() {
            let choices = self.choices(answers);
            let conversion =
                convert(package, envelope, &choices, &self.name).map_err(|error| Refusal {
                    notes: error.notes,
                    ..Refusal::default()
                })?;
            if !envelope.configurations().is_empty() {
                effective.deployment_option = choices.option.clone();
            }
            let licences = eula_views(envelope);
            if !licences.is_empty() {
                effective.accept_eula =
                    EulaAcceptance::Digests(licences.into_iter().map(|e| e.sha256).collect());
            }
            effective.ovf_env_transport = Some(choices.transport);
            let mut secret_keys: Vec<String> = envelope
                .properties()
                .filter(|(_, _, p)| p.password)
                .map(|(_, _, p)| p.full_key.clone())
                .collect();
            let mut files = conversion
                .files
                .into_iter()
                .map(|(path, bytes)| {
                    let role = if path == conversion.template {
                        FileRole::Template
                    } else if path == conversion.environment {
                        FileRole::Environment
                    } else if conversion.nested.contains(&path) {
                        FileRole::Nested
                    } else {
                        FileRole::Artifact
                    };
                    OutputFile {
                        path,
                        bytes,
                        role,
                        secrets: Vec::new(),
                        source: None,
                    }
                })
                .collect::<Vec<_>>();
            let converted = self.load(&files);
            let environment = environment::apply(
                &converted,
                &mut files,
                &answers.parameters,
                self.supplied(),
                &self.limits,
            )
            .unwrap_or_else(|| crate::model::hot::env_path_for(&conversion.template));
            secret_keys.extend(hidden(&converted));
            return Ok(Output {
                files,
                template: conversion.template,
                environment,
                notes: conversion.notes,
                secret_keys,
                rules: self.rules.clone(),
                in_place: false,
            });
        }
        let Some(set) = self.hot() else {
            return Err(Refusal::default());
        };
        let secret_keys = hidden(set);
        let Some(composed) = self.composed(answers) else {
            let (mut files, template) = hot_files(set);
            let notes = self.carry_listed(set, &mut files);
            if !notes.is_empty() {
                return Err(Refusal {
                    notes,
                    ..Refusal::default()
                });
            }
            let environment = environment::apply(
                set,
                &mut files,
                &answers.parameters,
                self.supplied(),
                &self.limits,
            )
            .unwrap_or_else(|| crate::model::hot::env_path_for(&template));
            return Ok(Output {
                files,
                template,
                environment,
                notes: Vec::new(),
                secret_keys,
                rules: self.rules.clone(),
                in_place: true,
            });
        };
        let mode = answers.registry.unwrap_or_default();
        // `compose` writes the answered values into the module environments itself; those
        // set apart for one module go over them, into the composed modules' files.
        let (mut files, template) = composed.output(mode, answers).map_err(|problems| Refusal {
            problems,
            ..Refusal::default()
        })?;
        let apart: BTreeMap<String, Node> = answers
            .parameters
            .iter()
            .filter(|(key, _)| parameter_key(key).1.is_some())
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        if !apart.is_empty() {
            let output = self.load(&files);
            environment::apply(&output, &mut files, &apart, self.supplied(), &self.limits);
        }
        effective.capabilities = composed.recorded();
        effective.registry = Some(mode);
        let mut notes = composed.notes();
        let mut rules = self.rules.clone();
        if mode == RegistryOutput::Env {
            rules = rules.without(REGISTRY_RULE);
            notes.push(Note {
                level: NoteLevel::Warning,
                section: "registry",
                subject: crate::model::hot::env_path_for(&template),
                message: format!(
                    "registry: env writes a resource_registry for plain Heat; ONAP refuses it ({REGISTRY_RULE}, not checked here): answer registry: inline for ONAP"
                ),
            });
        }
        Ok(Output {
            environment: crate::model::hot::env_path_for(&template),
            files,
            template,
            notes,
            secret_keys,
            rules,
            in_place: false,
        })
    }

    /// Loads output files as `vnfwiz validate` loads a folder, through the session's memo.
    pub(super) fn load(&self, files: &[OutputFile]) -> HotSet {
        load_through(files, &self.label, &self.limits, Some(&self.memo))
    }

    /// Loads output files as `vnfwiz validate` loads a folder; output `in_place` is judged
    /// inside the source's package: the files it leaves out (not Heat: Helm charts,
    /// scripts, inner manifests) stay listed around it, as `validate` lists them.
    fn load_output(&self, files: &[OutputFile], in_place: bool) -> HotSet {
        let mut set = self.load(files);
        if in_place && let Some(source) = self.hot() {
            set.keep_listing_of(source, &[]);
        }
        set
    }

    /// Adds to a HOT set's output files every file its `MANIFEST.json` lists that the
    /// loader did not read (a Helm chart archive, a script): SDC finds them by that list,
    /// so the output carries them. One that cannot be read is an error note, which refuses
    /// the output (it would break its own `MANIFEST.json`).
    fn carry_listed(&self, set: &HotSet, files: &mut Vec<OutputFile>) -> Vec<Note> {
        let mut notes = Vec::new();
        for carried in self.listed.get_or_init(|| self.read_listed(set)) {
            match carried {
                Ok(file) => files.push(file.clone()),
                Err(note) => notes.push(note.clone()),
            }
        }
        notes
    }

    /// The files `MANIFEST.json` lists that the package holds and the loader did not read,
    /// read through the source's file gate.
    fn read_listed(&self, set: &HotSet) -> Vec<Result<OutputFile, Note>> {
        let Some(manifest) = &set.manifest else {
            return Vec::new();
        };
        let mut wanted: Vec<&str> = manifest
            .all()
            .into_iter()
            .map(|entry| entry.file.as_str())
            .filter(|name| set.find(name).is_none())
            .filter(|name| set.package_files.iter().any(|p| p == name))
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        if wanted.is_empty() {
            return Vec::new();
        }
        let not_carried = |name: &str, why: String| Note {
            level: NoteLevel::Error,
            section: "output",
            subject: name.to_owned(),
            message: format!(
                "MANIFEST.json lists this file and it cannot be carried into the output: {why}"
            ),
        };
        let package = match &self.root {
            InputRoot::Folder(dir) => Ok(PackageFiles::open_sparse(dir, &self.limits)),
            InputRoot::Archive(path) => PackageFiles::open_zip(path, &self.limits),
        };
        let package = match package {
            Ok(package) => package,
            Err(error) => {
                return wanted
                    .into_iter()
                    .map(|name| Err(not_carried(name, error.to_string())))
                    .collect();
            }
        };
        wanted
            .into_iter()
            .map(|name| match package.read(name) {
                Ok(bytes) => Ok(OutputFile {
                    path: name.to_owned(),
                    bytes,
                    role: FileRole::Artifact,
                    secrets: Vec::new(),
                    source: Some(name.to_owned()),
                }),
                Err(error) => Err(not_carried(name, error.to_string())),
            })
            .collect()
    }

    /// Whether a key of the answers is a secret (a password property or a hidden
    /// parameter), so it is never written to answers.yaml or shown.
    pub fn is_secret(&self, key: &str) -> bool {
        if let Some((_, envelope)) = self.ovf()
            && find_property(envelope, key).is_some_and(|p| p.password)
        {
            return true;
        }
        let name = parameter_key(key).0;
        let hidden = |list: &[Declared]| list.iter().any(|d| d.name == name && d.hidden);
        match self.source_declared() {
            Some(declared) => hidden(declared),
            None => self.generated().is_some_and(|g| hidden(&g.declared)),
        }
    }
}

/// The files of an input set to write: templates, environment files, files a template
/// or environment refers to, and `MANIFEST.json`; plus the base template's path.
fn hot_files(set: &HotSet) -> (Vec<OutputFile>, String) {
    use crate::model::hot::Role;
    let base = set.base_module().or(set.modules.first());
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
            source: Some(file.path.clone()),
        });
    }
    let template = base_template
        .map(|id| set.files[id].path.clone())
        .unwrap_or_default();
    (files, template)
}
