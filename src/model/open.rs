//! Opening an input of any kind, as every command does: paths grouped (loose template files
//! into one set, an onboarding output into its heat package and packages), each located
//! and loaded as a HOT set, an OVF package (integrity checked) or a CSAR, with the root its
//! file paths are relative to; and what each loaded kind shows a report of its texts.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use crate::foundation::diagnostics::{InputRoot, Options, SourceTexts, Unchecked};
use crate::foundation::limits::Limits;
use crate::input::integrity::{DigestStatus, IntegrityError};
use crate::input::source::{
    InputKind, Located, Overlay, PackageFiles, SourceError, locate, output_folder,
};
use crate::model::csar::{Csar, open_csar};
use crate::model::hot::{HotSet, Roots, load_set};
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
pub enum Purpose {
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
pub enum Input {
    /// Template and env files given one by one, loaded together like `heat -f … -e …`;
    /// `paired` names the environment files added beside templates given without one.
    Files {
        /// The folder holding them all.
        root: PathBuf,
        /// Their paths in it.
        names: Vec<String>,
        /// (template, environment file) pairs added.
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
pub fn group(paths: &[PathBuf]) -> Result<Vec<Input>, SourceError> {
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
    pub fn notes(&self) -> Vec<String> {
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
pub fn load(
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

/// `path` made absolute (as given where the working folder cannot be read).
pub fn absolute(path: &Path) -> PathBuf {
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
