//! `vnfwiz validate`: open each input, load it, run the selected rules, build one report.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::hot::{HotSet, Roots, load_set};
use crate::limits::Limits;
use crate::report::{InputReport, InputRoot, Report, SourceTexts};
use crate::rules::{Selection, check_hot};
use crate::source::{InputKind, PackageFiles, SourceError, detect};

impl SourceTexts for HotSet {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        self.find(file).map(|id| self.files[id].text())
    }

    fn file_count(&self) -> usize {
        self.files
            .iter()
            .filter(|f| f.is_template() || f.role == crate::hot::Role::Environment)
            .count()
    }
}

/// One input to validate, after grouping loose template files.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    /// Template and env files given one by one, loaded together like `heat -f … -e …`.
    Files { root: PathBuf, names: Vec<String> },
    /// A folder.
    Folder(PathBuf),
    /// A heat zip.
    Zip(PathBuf),
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
        match detect(path)? {
            InputKind::HotFile => loose.push(path.clone()),
            InputKind::HotFolder => {
                flush(&mut loose, &mut inputs);
                inputs.push(Input::Folder(path.clone()));
            }
            InputKind::HeatZip => {
                flush(&mut loose, &mut inputs);
                inputs.push(Input::Zip(path.clone()));
            }
            kind => {
                return Err(SourceError::Unsupported {
                    path: path.clone(),
                    reason: format!(
                        "{} input is not handled by this build; give a HOT template, folder or heat zip",
                        kind.label()
                    ),
                });
            }
        }
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
    let names = full
        .iter()
        .map(|p| {
            p.strip_prefix(&root)
                .unwrap_or(p)
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    Input::Files { root, names }
}

/// Loads one input as a HOT set and names the root its file paths are relative to.
fn load_input(input: Input, limits: &Limits) -> Result<(HotSet, InputRoot), SourceError> {
    Ok(match input {
        Input::Files { root, names } => {
            let label = names.join(" ");
            let files = PackageFiles::open_sparse(&root, limits);
            let set = load_set(&files, Roots::Given(names), label, limits);
            (set, InputRoot::Folder(root))
        }
        Input::Folder(dir) => {
            let files = PackageFiles::open_dir(&dir, limits)?;
            let set = load_set(&files, Roots::Discover, dir.display().to_string(), limits);
            (set, InputRoot::Folder(absolute(&dir)))
        }
        Input::Zip(path) => {
            let files = PackageFiles::open_zip(&path, limits)?;
            let set = load_set(&files, Roots::Discover, path.display().to_string(), limits);
            (set, InputRoot::Archive(absolute(&path)))
        }
    })
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Loads every input as a HOT set.
pub fn load_hot_inputs(paths: &[PathBuf], limits: &Limits) -> Result<Vec<HotSet>, SourceError> {
    group(paths)?
        .into_iter()
        .map(|input| load_input(input, limits).map(|(set, _)| set))
        .collect()
}

/// Loads and checks every input; unreadable input is an error, violations are the report.
pub fn validate(
    paths: &[PathBuf],
    limits: &Limits,
    selection: &Selection,
) -> Result<Report, SourceError> {
    let mut inputs = Vec::new();
    for input in group(paths)? {
        let started = Instant::now();
        let (set, root) = load_input(input, limits)?;
        let violations = check_hot(&set, selection);
        inputs.push(InputReport {
            label: set.label.clone(),
            root,
            violations,
            sources: Box::new(set),
            elapsed: started.elapsed(),
        });
    }
    Ok(Report {
        inputs,
        rules: selection.rules().map(|r| &r.meta).collect(),
    })
}
