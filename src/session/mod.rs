//! The onboarding session the wizard and `vnfwiz onboard` share: open a source (an OVF
//! package or a HOT set), list what it asks, check answers (every problem at once),
//! resolve them into a validated template set in memory, and write it atomically.
//!
//! Data flows one way: source → questions → answers → resolved set → outputs (templates
//! and packages). Nothing here prompts or prints; every decision about defaults, names,
//! choices and refusals lives here or in `convert` and `capabilities`, so both faces
//! behave alike.

pub mod answers;
mod assign;
mod check;
mod checking;
mod composition;
mod draft;
mod environment;
mod evaluation;
mod fix_plan;
mod fixes;
mod origin;
mod out_folder;
mod package;
mod parameters;
mod preview;
mod questions;
mod recheck;
mod repair;
mod resolve;
mod save;
mod supplied;
mod waive;
mod watch;
mod write_back;

use std::cell::OnceCell;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use serde::Serialize;

use crate::check::rules::{Selection, check_ovf, output_rules};
use crate::check::waivers::{Day, Judged, Scope, Waiver, Waivers, apply as apply_waivers};
use crate::foundation::diagnostics::{
    CopiedTexts, InputReport, InputRoot, Options, SourceTexts, Violation,
};
use crate::foundation::limits::Limits;
use crate::input::yaml::Memo;
use crate::model::hot::HotSet;
use crate::model::open::{InputError, Loaded, open as open_input};
use crate::model::ovf::{DescriptorError, Envelope, OvfPackage};

pub use assign::Origin;
pub use check::AnswerProblem;
pub use checking::CheckedWith;
pub use draft::{Answered, Draft};
pub use evaluation::{Counts, Evaluation, Finding, FindingKind, Gate, Remark, RemarkKind};
pub use fix_plan::{
    Applied, FixOrder, FixView, Fixable, Offered, PlanError, PlannedFix, apply as apply_fixes,
    offered_fixes,
};
pub use origin::{NotOnDisk, SourceFile};
pub use out_folder::{
    MAX_COUNTED, Target, WriteError, Written, placed, replaceable, target, writable, write_gate,
};
pub use package::Packaging;
pub use preview::FilePreview;
pub use questions::{
    EulaQuestion, OptionChoice, ParameterGroup, ParameterQuestion, PropertyGroup, PropertyKind,
    PropertyQuestion, Questions,
};
use repair::note_answer_subject;
pub use resolve::{ANSWERS_FILE, FileRole, OutputFile, REGISTRY_RULE, Refusal, Resolved};
pub use save::SaveError;
pub use supplied::Supplied;
pub use waive::MADE_HERE;
pub use watch::{Fingerprint, Watch, Watched};
pub use write_back::{SourceFixes, WriteBackError};

/// What kind of source a session holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// An OVF descriptor or OVA.
    Ovf,
    /// A HOT template set.
    Hot,
}

/// Why a source cannot be opened (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The input cannot be read, or its integrity check could not run to the end.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The OVF descriptor is not a readable OVF document.
    #[error("{file}:{line}:{column}: {error}")]
    Descriptor {
        /// The descriptor's name inside the package.
        file: String,
        /// Where the problem is.
        line: u32,
        /// Its column.
        column: u32,
        /// What is wrong.
        error: DescriptorError,
    },
    /// The input is a finished package, not something to onboard.
    #[error(
        "{0}: a CSAR is already an onboarded package; check it with `vnfwiz validate`, or onboard its OVF or HOT sources"
    )]
    FinishedPackage(String),
}

enum Source {
    Ovf {
        package: Box<OvfPackage>,
        violations: Vec<Violation>,
    },
    Hot {
        set: Box<HotSet>,
    },
}

/// An opened source and what it needs to onboard.
pub struct Session {
    label: String,
    name: String,
    limits: Limits,
    source: Source,
    /// Where the source's files are: a folder on disk or an archive (what fixes are
    /// written back under).
    root: InputRoot,
    /// When reading the source began (a file modified since was read mid-change).
    opened_at: SystemTime,
    generated: OnceCell<Option<resolve::Generated>>,
    /// The conversion's parameters under each other deployment option (by option id).
    generated_by_option: Vec<(String, OnceCell<Option<resolve::Generated>>)>,
    supplied: OnceCell<supplied::SuppliedParameters>,
    /// The files a HOT set's `MANIFEST.json` lists beyond those the loader read, as
    /// carried into the output (or why one cannot be).
    listed: OnceCell<Vec<Result<OutputFile, crate::transform::convert::Note>>>,
    /// Whether a HOT set composes anything for answers that make no choice
    /// (`Session::composed`).
    offers_choice: OnceCell<bool>,
    /// A HOT source's declared parameters (`Session::source_declared`).
    source_declared: OnceCell<Vec<parameters::Declared>>,
    rules: Selection,
    /// The waivers besides the answers' own: the project config's (`set_waivers`) and the
    /// output set's `vnfwiz: waive` comments.
    waivers: Waivers,
    /// The rule choice given and the answers' profile followed (`check_with`).
    checking: checking::Checking,
    /// The documents the last evaluation parsed: the next one parses only the output files
    /// whose text changed (one answer changes one environment file).
    memo: Arc<Memo>,
    /// The last output set's findings, for an evaluation whose output files are the same.
    last_check: recheck::LastCheck,
}

/// The output name for a path: its file stem (or folder name) reduced to letters,
/// digits, `_` and `-`; never `answers`, which is the answers file's own name.
fn output_name(path: &Path) -> String {
    let stem = if path.is_dir() {
        path.file_name()
    } else {
        path.file_stem()
    };
    let stem = stem
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    name = name.trim_matches(['_', '-']).to_owned();
    if name.is_empty() {
        name = "vnf".to_owned();
    }
    if name == "answers" {
        name.push_str("_vnf");
    }
    name
}

impl Session {
    /// Opens a template, folder, heat zip, `.ovf` or `.ova` within `limits`, silently.
    pub fn open(path: &Path, limits: &Limits) -> Result<Session, SessionError> {
        Session::open_with(path, &Options::new(limits))
    }

    /// Opens a source with integrity options (progress and cancellation while an OVF
    /// package's files are hashed: what the wizard shows).
    pub fn open_with(path: &Path, options: &Options<'_>) -> Result<Session, SessionError> {
        let limits = options.limits;
        let opened_at = SystemTime::now();
        let (loaded, root) = open_input(path, options)?;
        let source = match loaded {
            Loaded::Csar(_) => {
                return Err(SessionError::FinishedPackage(path.display().to_string()));
            }
            Loaded::Hot(set) => Source::Hot { set },
            Loaded::Ovf(package) => {
                if let Err(error) = &package.descriptor.envelope {
                    return Err(SessionError::Descriptor {
                        file: package.descriptor_name.clone(),
                        line: error.span().line,
                        column: error.span().column,
                        error: error.clone(),
                    });
                }
                let violations = check_ovf(&package, &Selection::all());
                Source::Ovf {
                    package,
                    violations,
                }
            }
        };
        let generated_by_option = match &source {
            Source::Ovf { package, .. } => package
                .envelope()
                .map(|e| e.configurations())
                .unwrap_or_default()
                .iter()
                .map(|c| (c.id.value.clone(), OnceCell::new()))
                .collect(),
            Source::Hot { .. } => Vec::new(),
        };
        Ok(Session {
            label: path.display().to_string(),
            name: output_name(path),
            limits: *limits,
            source,
            root,
            opened_at,
            generated: OnceCell::new(),
            generated_by_option,
            supplied: OnceCell::new(),
            listed: OnceCell::new(),
            offers_choice: OnceCell::new(),
            source_declared: OnceCell::new(),
            rules: output_rules(),
            waivers: Waivers {
                inline: true,
                ..Waivers::default()
            },
            checking: checking::Checking::default(),
            memo: Arc::new(Memo::new(limits.yaml)),
            last_check: recheck::LastCheck::default(),
        })
    }

    /// The rules `resolve` checks the output with ([`output_rules`] unless set).
    pub fn rules(&self) -> &Selection {
        &self.rules
    }

    /// Checks the output with other rules from now on (a profile or selection the operator
    /// picked).
    pub fn set_rules(&mut self, rules: Selection) {
        self.rules = rules;
        // The rules decide which parameters ONAP supplies.
        self.supplied = OnceCell::new();
    }

    /// Accepts the findings these waivers cover (the project config's `[[waive]]`) in
    /// every resolution from now on, besides the answers' own.
    pub fn set_waivers(&mut self, listed: Vec<Waiver>) {
        self.waivers.listed = listed;
    }

    /// The one place the session applies waivers: the findings on the resolved `set`
    /// judged against the answers' waivers, the config's and the set's own comments. A
    /// file of the set is matched by config globs as if it lay in the source's folder.
    fn judge(
        &self,
        found: Vec<Violation>,
        set: &HotSet,
        rules: &Selection,
        answers: &answers::Answers,
    ) -> Judged {
        let mut waivers = self.waivers.clone();
        waivers.listed.splice(0..0, answers.waivers.iter().cloned());
        let root = match &self.root {
            InputRoot::Folder(folder) => folder.clone(),
            InputRoot::Archive(archive) => {
                archive.parent().map(Path::to_path_buf).unwrap_or_default()
            }
        };
        let scope = Scope {
            root: Some(&root),
            sources: set,
            files: set.files.iter().map(|f| f.path.clone()).collect(),
        };
        apply_waivers(found, &scope, &waivers, rules, Day::today())
    }

    /// The path as given.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The stem of the files an OVF conversion writes (`<name>.yaml`, `<name>.env`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// OVF package or HOT set.
    pub fn kind(&self) -> SourceKind {
        match self.source {
            Source::Ovf { .. } => SourceKind::Ovf,
            Source::Hot { .. } => SourceKind::Hot,
        }
    }

    /// The OVF rules' findings on the package (empty for a HOT set): errors stop the
    /// conversion, warnings are shown.
    pub fn package_violations(&self) -> &[Violation] {
        match &self.source {
            Source::Ovf { violations, .. } => violations,
            Source::Hot { .. } => &[],
        }
    }

    /// The OVF rules' findings on the package as an input of a report, with the texts they
    /// point into (none for a HOT set, or a package without findings): what a report of the
    /// output set shows first, as the review lists them first.
    pub fn package_input(&self) -> Option<InputReport> {
        let Source::Ovf {
            package,
            violations,
        } = &self.source
        else {
            return None;
        };
        if violations.is_empty() {
            return None;
        }
        let mut texts: Vec<(String, String)> = Vec::new();
        let files = violations
            .iter()
            .flat_map(|v| std::iter::once(&v.file).chain(v.related.iter().map(|r| &r.file)));
        for file in files {
            if texts.iter().all(|(name, _)| name != file)
                && let Some(text) = package.text(file)
            {
                texts.push((file.clone(), text.into_owned()));
            }
        }
        Some(InputReport {
            label: self.label.clone(),
            root: self.root.clone(),
            sources: Box::new(CopiedTexts {
                texts,
                checked: package.file_count(),
            }),
            violations: violations.clone(),
            waived: Vec::new(),
            not_checked: Vec::new(),
            notes: Vec::new(),
            elapsed: std::time::Duration::ZERO,
        })
    }

    /// The integrity check of an OVF package (none for a HOT set): what the wizard's
    /// integrity step shows.
    pub fn integrity(&self) -> Option<&crate::input::integrity::IntegrityReport> {
        match &self.source {
            Source::Ovf { package, .. } => Some(&package.integrity),
            Source::Hot { .. } => None,
        }
    }

    /// The OVF package and its envelope, for an OVF session.
    fn ovf(&self) -> Option<(&OvfPackage, &Envelope)> {
        match &self.source {
            Source::Ovf { package, .. } => Some((package, package.envelope()?)),
            Source::Hot { .. } => None,
        }
    }

    /// The loaded set, for a HOT session.
    fn hot(&self) -> Option<&HotSet> {
        match &self.source {
            Source::Hot { set } => Some(set),
            Source::Ovf { .. } => None,
        }
    }

    /// A HOT source's declared parameters, read once: the source does not change in a
    /// session, and every evaluation asks for them several times (an OVF source's are its
    /// generated set's `declared`).
    fn source_declared(&self) -> Option<&[parameters::Declared]> {
        let set = self.hot()?;
        Some(
            self.source_declared
                .get_or_init(|| parameters::declared(set)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names_are_file_system_and_answers_safe() {
        assert_eq!(output_name(Path::new("pkg/vIMS core 2.ova")), "vIMS_core_2");
        assert_eq!(output_name(Path::new("answers.ovf")), "answers_vnf");
        assert_eq!(output_name(Path::new("ééé.ovf")), "vnf");
    }
}
