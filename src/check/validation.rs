//! `vnfwiz validate`: open each input, load it, run the selected rules, build one report.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::check::rules::{
    Check, Selection, applies_to_base_hot, check_csar, check_hot, check_ovf,
};
use crate::check::waivers::{Day, Ledger, Scope, Waivers};
use crate::foundation::diagnostics::{
    InputReport, InputRoot, Options, Report, RuleMeta, SourceTexts, Unchecked, Violation,
};
use crate::foundation::limits::Limits;
use crate::input::integrity::{DigestStatus, IntegrityError};
use crate::input::source::{
    InputKind, Located, Overlay, PackageFiles, SourceError, locate, output_folder,
};
use crate::model::csar::{Csar, open_csar};
use crate::model::hot::{HotSet, Roots, Stage, load_set};
use crate::model::ovf::{self, OvfPackage};

impl SourceTexts for HotSet {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        self.find(file)
            .map(|id| crate::model::hot::secrets::display_text(self, id))
    }

    fn file_count(&self) -> usize {
        self.files
            .iter()
            .filter(|f| f.is_template() || f.role == crate::model::hot::Role::Environment)
            .count()
    }
}

/// The descriptor's text, and the manifest's and certificate's as the integrity check read
/// them (violations point at their lines).
impl SourceTexts for OvfPackage {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        if file == self.descriptor_name {
            return Some(Cow::Borrowed(self.descriptor.text.as_str()));
        }
        self.integrity.text(file).map(String::from_utf8_lossy)
    }

    /// The descriptor, the manifest and certificate, and every other file checked.
    fn file_count(&self) -> usize {
        let integrity = &self.integrity;
        let checked = integrity
            .statuses
            .iter()
            .filter(|(name, status)| {
                **status != DigestStatus::Missing && **name != self.descriptor_name
            })
            .count();
        1 + integrity.texts.len() + checked
    }
}

/// Why an input cannot be checked at all (`validate` exits 2).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The input, or a file of it, cannot be read safely.
    #[error(transparent)]
    Source(#[from] SourceError),
    /// An OVF package's integrity check could not run to the end.
    #[error(transparent)]
    Integrity(IntegrityError),
    /// A template set input in which no file is a HOT template.
    #[error("no HOT template found in {input}: {found}")]
    NoTemplate {
        /// The input as given.
        input: String,
        /// What it holds instead.
        found: String,
    },
}

/// The files of a set that were not read as Heat, as the report lists them.
pub fn unchecked(set: &HotSet) -> Vec<Unchecked> {
    set.not_checked
        .iter()
        .map(|n| Unchecked {
            file: n.path.clone(),
            reason: n.reason.to_string(),
        })
        .collect()
}

/// Most files a "no HOT template found" message names.
const FOUND_LISTED: usize = 6;

/// What a loaded set is for: checking takes a set of environment files alone (its missing
/// template is a finding), anything else needs a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// `validate`: every environment file is checked, with or without its template.
    Check,
    /// Onboarding, composing, fixing: a set without a template is refused.
    Use,
}

/// Refuses a set without any template (for checking: without any template or environment
/// file), naming what it holds instead.
fn require_template(set: HotSet, purpose: Purpose) -> Result<HotSet, InputError> {
    let has = |role: crate::model::hot::Role| set.files.iter().any(|f| f.role == role);
    let environments = purpose == Purpose::Check && has(crate::model::hot::Role::Environment);
    if set.files.iter().any(|f| f.is_template()) || environments {
        return Ok(set);
    }
    let mut found: Vec<String> = set
        .files
        .iter()
        .map(
            |file| match set.not_checked.iter().find(|n| n.path == file.path) {
                Some(note) => format!("{}, which is {}", note.path, note.reason),
                None if file.role == crate::model::hot::Role::Environment => {
                    format!("{}, which is an environment file", file.path)
                }
                None => file.path.clone(),
            },
        )
        .collect();
    // Files of the package that are not YAML at all.
    found.extend(
        set.package_files
            .iter()
            .filter(|p| set.find(p).is_none())
            .cloned(),
    );
    let found = match found.len() {
        0 => "it holds no file".to_owned(),
        n if n > FOUND_LISTED => format!(
            "it holds {}; and {} more",
            found[..FOUND_LISTED].join("; "),
            n - FOUND_LISTED
        ),
        _ => format!("it holds {}", found.join("; ")),
    };
    Err(InputError::NoTemplate {
        input: set.label.clone(),
        found,
    })
}

impl From<IntegrityError> for InputError {
    fn from(error: IntegrityError) -> InputError {
        match error {
            IntegrityError::Source(source) => InputError::Source(source),
            other => InputError::Integrity(other),
        }
    }
}

impl SourceTexts for Csar {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        Csar::text(self, file)
    }

    fn file_count(&self) -> usize {
        self.files_checked()
    }
}

/// One input to validate, after grouping loose template files.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    /// Template and env files given one by one, loaded together like `heat -f … -e …`;
    /// `paired` names the environment files added beside templates given without one.
    Files {
        root: PathBuf,
        names: Vec<String>,
        paired: Vec<(String, String)>,
    },
    /// A folder.
    Folder(PathBuf),
    /// A heat zip.
    Zip(PathBuf),
    /// An `.ovf` (files beside it) or an `.ova`.
    Ovf(PathBuf),
    /// A SOL004 CSAR: a `.csar`/`.zip` or an unpacked folder.
    Csar(PathBuf),
}

/// Groups consecutive loose files into one set rooted at their common folder.
fn group(paths: &[PathBuf]) -> Result<Vec<Input>, SourceError> {
    let mut inputs: Vec<Input> = Vec::new();
    let mut loose: Vec<PathBuf> = Vec::new();
    let flush = |loose: &mut Vec<PathBuf>, inputs: &mut Vec<Input>| {
        if !loose.is_empty() {
            inputs.push(files_input(std::mem::take(loose)));
        }
    };
    for path in paths {
        // An onboarding output is its heat package and the packages beside it.
        if let Some(output) = output_folder(path) {
            flush(&mut loose, &mut inputs);
            inputs.push(Input::Folder(output.heat));
            for package in output.packages {
                let Located { kind, path } = locate(&package)?;
                inputs.push(match kind {
                    InputKind::Csar => Input::Csar(path),
                    _ => Input::Zip(path),
                });
            }
            continue;
        }
        let Located { kind, path } = locate(path)?;
        if kind == InputKind::HotFile {
            loose.push(path);
            continue;
        }
        flush(&mut loose, &mut inputs);
        inputs.push(match kind {
            InputKind::HotFile | InputKind::HotFolder => Input::Folder(path),
            InputKind::HeatZip => Input::Zip(path),
            InputKind::Ovf | InputKind::Ova => Input::Ovf(path),
            InputKind::Csar => Input::Csar(path),
        });
    }
    flush(&mut loose, &mut inputs);
    Ok(inputs)
}

fn files_input(paths: Vec<PathBuf>) -> Input {
    let full: Vec<PathBuf> = paths.iter().map(|p| absolute(p)).collect();
    let mut root = full[0].parent().map(Path::to_path_buf).unwrap_or_default();
    while !full.iter().all(|p| p.starts_with(&root)) {
        if !root.pop() {
            break;
        }
    }
    let relative = |p: &Path| {
        p.strip_prefix(&root)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let mut names: Vec<String> = full.iter().map(|p| relative(p)).collect();
    // Templates given without any environment file are checked with the one SDC pairs with
    // each (the same name with `.env`) when it sits beside them.
    let mut paired = Vec::new();
    if !full.iter().any(|p| has_extension(p, &["env"])) {
        for template in full.iter().filter(|p| has_extension(p, &["yaml", "yml"])) {
            let env = template.with_extension("env");
            let name = relative(&env);
            if env.is_file() && !names.contains(&name) {
                paired.push((relative(template), name.clone()));
                names.push(name);
            }
        }
    }
    Input::Files {
        root,
        names,
        paired,
    }
}

/// True when `path` ends in one of `extensions`, in any letter case.
fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

impl Input {
    /// What the report says about how the input was read.
    fn notes(&self) -> Vec<String> {
        match self {
            Input::Files { paired, .. } => paired
                .iter()
                .map(|(template, env)| {
                    format!(
                        "{template}: checked with {env}, the environment file of its name \
                         beside it"
                    )
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// A loaded input: a HOT set, an OVF package or a CSAR.
pub enum Loaded {
    /// A template set (file, folder or heat zip).
    Hot(Box<HotSet>),
    /// An `.ovf` or `.ova` package (or a folder holding one `.ovf`), integrity checked.
    Ovf(Box<OvfPackage>),
    /// An ETSI SOL004 CSAR (zip or unpacked folder).
    Csar(Box<Csar>),
}

/// Loads one input for `purpose`, its folder's files read through `overlay`, and names the
/// root its file paths are relative to.
fn load(
    input: Input,
    options: &Options<'_>,
    purpose: Purpose,
    overlay: &Overlay,
) -> Result<(Loaded, InputRoot), InputError> {
    let limits = options.limits;
    let hot = |set: HotSet| Loaded::Hot(Box::new(set));
    let require_template = |set| require_template(set, purpose);
    Ok(match input {
        Input::Files {
            root,
            names,
            paired,
        } => {
            // The label names what the operator gave, not the files added beside it.
            let given: Vec<&String> = names
                .iter()
                .filter(|n| !paired.iter().any(|(_, env)| env == *n))
                .collect();
            let label = given
                .iter()
                .map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let files = PackageFiles::open_sparse(&root, limits).through(overlay)?;
            let set = load_set(&files, Roots::Given(names), label, limits);
            (hot(require_template(set)?), InputRoot::Folder(root))
        }
        Input::Folder(dir) => {
            let files = PackageFiles::open_dir(&dir, limits)?.through(overlay)?;
            let set = load_set(&files, Roots::Discover, dir.display().to_string(), limits);
            (
                hot(require_template(set)?),
                InputRoot::Folder(absolute(&dir)),
            )
        }
        Input::Zip(path) => {
            let files = PackageFiles::open_zip(&path, limits)?;
            let set = load_set(&files, Roots::Discover, path.display().to_string(), limits);
            (
                hot(require_template(set)?),
                InputRoot::Archive(absolute(&path)),
            )
        }
        Input::Ovf(path) => {
            let package = ovf::open_through(&path, options, overlay)?;
            let root = if package.kind == InputKind::Ova {
                InputRoot::Archive(absolute(&path))
            } else {
                let folder = absolute(&path)
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                InputRoot::Folder(folder)
            };
            (Loaded::Ovf(Box::new(package)), root)
        }
        Input::Csar(path) => {
            let csar = open_csar(&path, options)?;
            let root = if path.is_dir() {
                InputRoot::Folder(absolute(&path))
            } else {
                InputRoot::Archive(absolute(&path))
            };
            (Loaded::Csar(Box::new(csar)), root)
        }
    })
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Opens one input the way `validate` does: a template, folder, heat zip or OVF package.
pub fn open(path: &Path, options: &Options<'_>) -> Result<(Loaded, InputRoot), InputError> {
    // An onboarding output opens as its heat package, the first of its inputs.
    match group(&[path.to_path_buf()])?.into_iter().next() {
        Some(input) => load(input, options, Purpose::Use, &Overlay::none()),
        None => Err(SourceError::NotFound(path.to_path_buf()).into()),
    }
}

/// Loads every input as a HOT set (an OVF package among them is refused unread).
pub fn load_hot_inputs(paths: &[PathBuf], limits: &Limits) -> Result<Vec<HotSet>, InputError> {
    Ok(load_hot(paths, limits, Purpose::Use)?
        .into_iter()
        .map(|(set, _)| set)
        .collect())
}

/// Loads every input as a HOT set to be checked and fixed (a set of environment files
/// alone included, as `validate` takes it), each with the root its file paths are relative
/// to (where `validate --fix` writes them back).
pub fn load_hot_inputs_rooted(
    paths: &[PathBuf],
    limits: &Limits,
) -> Result<Vec<(HotSet, InputRoot)>, InputError> {
    load_hot(paths, limits, Purpose::Check)
}

/// Loads every input as a HOT set for `purpose`, each with its root.
fn load_hot(
    paths: &[PathBuf],
    limits: &Limits,
    purpose: Purpose,
) -> Result<Vec<(HotSet, InputRoot)>, InputError> {
    let options = Options::new(limits);
    let mut sets = Vec::new();
    // An onboarding output's HOT set is its heat package; its packages are no set.
    let paths: Vec<PathBuf> = paths
        .iter()
        .map(|p| output_folder(p).map_or_else(|| p.clone(), |o| o.heat))
        .collect();
    for input in group(&paths)? {
        if let Input::Ovf(path) | Input::Csar(path) = input {
            return Err(SourceError::Unsupported {
                path,
                reason: "an OVF package or a CSAR is not a HOT template set".to_owned(),
            }
            .into());
        }
        if let (Loaded::Hot(set), root) = load(input, &options, purpose, &Overlay::none())? {
            sets.push((*set, root));
        }
    }
    Ok(sets)
}

/// Loads and checks every input (OVF packages with their integrity, reporting progress to
/// `options`); unreadable input is an error, violations are the report.
pub fn validate(
    paths: &[PathBuf],
    options: &Options<'_>,
    selection: &Selection,
) -> Result<Report, InputError> {
    validate_as(paths, options, selection, None)
}

/// Like [`validate`], with every HOT set checked at `stage` instead of the stage read from
/// its content (`Stage::HeatReady` checks the claim that a set deploys as it is).
pub fn validate_as(
    paths: &[PathBuf],
    options: &Options<'_>,
    selection: &Selection,
    stage: Option<Stage>,
) -> Result<Report, InputError> {
    validate_waiving(
        paths,
        options,
        selection,
        stage,
        &Waivers::default(),
        Day::today(),
        &Overlay::none(),
    )
}

/// The files of a loaded input the waivers look at: a set's files, an OVF package's
/// descriptor and the files its integrity check looked at, a CSAR's files.
fn checked_files(loaded: &Loaded) -> Vec<String> {
    match loaded {
        Loaded::Hot(set) => set.files.iter().map(|f| f.path.clone()).collect(),
        Loaded::Ovf(package) => std::iter::once(package.descriptor_name.clone())
            .chain(package.integrity.texts.iter().map(|t| t.name.clone()))
            .chain(package.integrity.statuses.keys().cloned())
            .collect(),
        Loaded::Csar(csar) => csar.names.clone(),
    }
}

/// Like [`validate_as`], with `waivers` judged against `today` and every folder's files read
/// through `overlay` (an editor's open documents, saved or not, instead of the files on
/// disk: what `vnfwiz lsp` checks): waived findings leave the counted violations, and the
/// findings about the waivers themselves join them (those about a waiver file, the config
/// or a baseline, go to the first input, named relative to its root).
pub fn validate_waiving(
    paths: &[PathBuf],
    options: &Options<'_>,
    selection: &Selection,
    stage: Option<Stage>,
    waivers: &Waivers,
    today: Day,
    overlay: &Overlay,
) -> Result<Report, InputError> {
    let (inputs, rules) = check_inputs(paths, options, selection, stage, overlay)?;
    Ok(waive(
        inputs,
        rules,
        selection,
        waivers,
        today,
        options.limits,
    ))
}

/// One input loaded and checked, before the waivers are judged and it becomes a report's
/// input (the formats that show each finding's fix look at the loaded set first).
pub struct CheckedInput {
    /// What was loaded.
    pub loaded: Loaded,
    /// What its file paths are relative to.
    pub root: InputRoot,
    /// The selected rules' findings, sorted by file and place.
    pub violations: Vec<Violation>,
    /// What the reader noted about the input (a template given alone, and the like).
    pub notes: Vec<String>,
    /// How long loading and checking took.
    pub elapsed: Duration,
}

/// Loads and checks every input (the first half of [`validate_waiving`]), each folder read
/// through `overlay`, and gives the rules that apply to the kinds of input given.
pub fn check_inputs(
    paths: &[PathBuf],
    options: &Options<'_>,
    selection: &Selection,
    stage: Option<Stage>,
    overlay: &Overlay,
) -> Result<(Vec<CheckedInput>, Vec<&'static RuleMeta>), InputError> {
    let mut inputs = Vec::new();
    let (mut hot, mut ovf, mut csar) = (false, false, false);
    for input in group(paths)? {
        let started = Instant::now();
        let notes = input.notes();
        let (mut loaded, root) = load(input, options, Purpose::Check, overlay)?;
        let violations = match &mut loaded {
            Loaded::Hot(set) => {
                hot = true;
                if let Some(stage) = stage {
                    set.stage = stage;
                }
                check_hot(set, selection)
            }
            Loaded::Ovf(package) => {
                ovf = true;
                check_ovf(package, selection)
            }
            Loaded::Csar(package) => {
                csar = true;
                check_csar(package, selection)
            }
        };
        inputs.push(CheckedInput {
            loaded,
            root,
            violations,
            notes,
            elapsed: started.elapsed(),
        });
    }
    // Only rules that apply to the kinds of input given count as checked.
    let rules = selection
        .rules()
        .filter(|r| match r.check {
            Check::Hot(_) => hot || (csar && applies_to_base_hot(r)),
            Check::Ovf(_) => ovf,
            Check::Csar(_) => csar,
        })
        .map(|r| &r.meta)
        .collect();
    Ok((inputs, rules))
}

/// The report of checked inputs (the second half of [`validate_waiving`]): `waivers`
/// judged against `today` on each input's findings, each input's files serving the
/// snippets.
pub fn waive(
    inputs: Vec<CheckedInput>,
    rules: Vec<&'static RuleMeta>,
    selection: &Selection,
    waivers: &Waivers,
    today: Day,
    limits: &Limits,
) -> Report {
    let mut ledger = Ledger::new(waivers, selection, today);
    let mut reports = Vec::new();
    for input in inputs {
        let files = checked_files(&input.loaded);
        let (label, not_checked, sources): (_, _, Box<dyn SourceTexts + Send + Sync>) =
            match input.loaded {
                Loaded::Hot(set) => (set.label.clone(), unchecked(&set), set),
                Loaded::Ovf(package) => (package.label.clone(), Vec::new(), package),
                Loaded::Csar(package) => (package.label.clone(), Vec::new(), package),
            };
        let judged = ledger.judge(
            input.violations,
            &Scope {
                root: Some(input.root.path()),
                sources: sources.as_ref(),
                files,
            },
        );
        reports.push(InputReport {
            label,
            root: input.root,
            sources,
            violations: judged.violations,
            waived: judged.waived,
            not_checked,
            notes: input.notes,
            elapsed: input.elapsed,
        });
    }
    attach(&mut reports, ledger.close(), limits);
    Report {
        inputs: reports,
        rules,
    }
}

/// An input's texts plus those of the waiver files its findings name.
struct WithWaiverFiles {
    inner: Box<dyn SourceTexts + Send + Sync>,
    extra: Vec<(String, String)>,
}

impl SourceTexts for WithWaiverFiles {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        match self.extra.iter().find(|(name, _)| name == file) {
            Some((_, text)) => Some(Cow::Borrowed(text.as_str())),
            None => self.inner.text(file),
        }
    }

    fn file_count(&self) -> usize {
        self.inner.file_count()
    }
}

/// `target` as seen from the folder `base`, with `..` where it lies outside.
fn relative_to(base: &Path, target: &Path) -> String {
    let target = absolute(target);
    let base: Vec<_> = base.components().collect();
    let parts: Vec<_> = target.components().collect();
    let common = base.iter().zip(&parts).take_while(|(a, b)| a == b).count();
    let mut out: Vec<String> = vec!["..".to_owned(); base.len() - common];
    out.extend(
        parts[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    out.join("/")
}

/// Puts the findings about waiver files into the first input, each file named from that
/// input's folder, its text kept for snippets.
fn attach(inputs: &mut [InputReport], findings: Vec<Violation>, limits: &Limits) {
    let Some(first) = inputs.first_mut() else {
        return;
    };
    if findings.is_empty() {
        return;
    }
    let folder = match &first.root {
        InputRoot::Folder(folder) => folder.clone(),
        InputRoot::Archive(archive) => archive.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    let mut extra: Vec<(String, String)> = Vec::new();
    for mut finding in findings {
        let on_disk = PathBuf::from(&finding.file);
        finding.file = relative_to(&folder, &on_disk);
        if !extra.iter().any(|(name, _)| *name == finding.file)
            && let Ok(bytes) = limits.read_file(&on_disk)
        {
            extra.push((
                finding.file.clone(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ));
        }
        first.violations.push(finding);
    }
    first
        .violations
        .sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    let inner = std::mem::replace(
        &mut first.sources,
        Box::new(WithWaiverFiles {
            inner: Box::new(NoTexts),
            extra: Vec::new(),
        }),
    );
    first.sources = Box::new(WithWaiverFiles { inner, extra });
}

/// No texts at all (a placeholder while an input's texts are being wrapped).
struct NoTexts;

impl SourceTexts for NoTexts {
    fn text(&self, _: &str) -> Option<Cow<'_, str>> {
        None
    }

    fn file_count(&self) -> usize {
        0
    }
}
