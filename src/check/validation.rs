//! `vnfwiz validate`: each input opened (`model::open`), the selected rules run on it, the
//! waivers judged, one report built.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::check::rules::{
    Check, Selection, applies_to_base_hot, check_csar, check_hot, check_ovf,
};
use crate::check::waivers::{Day, Ledger, Scope, Waivers};
use crate::foundation::diagnostics::{
    InputReport, InputRoot, Options, Report, RuleMeta, SourceTexts, Violation,
};
use crate::foundation::limits::Limits;
use crate::input::source::Overlay;
use crate::model::hot::Stage;
use crate::model::open::{InputError, Loaded, Purpose, absolute, group, load, unchecked};

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
