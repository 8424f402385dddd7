//! A waiver as the project config or the answers file writes it: the rules it covers (any
//! selector `--rules` takes), the files (globs), optionally a key path, the reason and the
//! last day it applies.

use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use crate::check::rules::{Selection, SelectionError};
use crate::foundation::diagnostics::{Violation, Waived, WaivedBy};

use super::day::Day;

/// Where a waiver (or a baseline entry) is written: a file as the operator named it, and
/// a 1-based line (0: a waiver made in a face, not yet in a file).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The file, as given or found (`vnfwiz.toml`, `/srv/ci/answers.yaml`).
    pub file: PathBuf,
    /// The line.
    pub line: u32,
}

impl Place {
    /// `file:line` (the file alone without a line), as reports show it.
    pub fn label(&self) -> String {
        if self.line == 0 {
            return self.file.display().to_string();
        }
        format!("{}:{}", self.file.display(), self.line)
    }
}

/// A waiver's fields as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaiverSpec {
    /// An id, family, `*` prefix or section, as `--rules` takes them.
    pub rule: String,
    /// Globs of the files it covers; empty: every file.
    pub files: Vec<String>,
    /// A key path (`resources.my_keypair`): only findings at it or below it.
    pub path: Option<String>,
    /// Why the finding is accepted.
    pub reason: String,
    /// The last day it applies (`YYYY-MM-DD`).
    pub until: Option<String>,
}

/// Why a waiver cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WaiverError {
    /// No reason, or a blank one.
    #[error(
        "a waiver needs a reason: whoever reads the report or receives the package must see why {0} is accepted"
    )]
    NoReason(String),
    /// The rule selector names no rule.
    #[error(transparent)]
    Rule(#[from] SelectionError),
    /// A glob that does not parse.
    #[error("`{pattern}` is not a glob: {source}")]
    Glob {
        /// The glob as written.
        pattern: String,
        /// Why.
        source: globset::Error,
    },
    /// An `until` that is no calendar day.
    #[error("until `{0}` is not a day written YYYY-MM-DD")]
    Until(String),
}

/// A waiver ready to match findings.
#[derive(Clone, Debug)]
pub struct Waiver {
    /// What was written.
    pub spec: WaiverSpec,
    /// Where it comes from.
    pub by: WaivedBy,
    /// Where it is written.
    pub at: Place,
    /// The folder `files` globs are relative to; `None`: the input's own root.
    base: Option<PathBuf>,
    rules: Selection,
    globs: Option<GlobSet>,
    until: Option<Day>,
}

impl PartialEq for Waiver {
    fn eq(&self, other: &Waiver) -> bool {
        (&self.spec, self.by, &self.at, &self.base)
            == (&other.spec, other.by, &other.at, &other.base)
    }
}

/// Compiles `files` globs: `*` stays within a folder, `**` crosses folders.
fn globs(files: &[String]) -> Result<Option<GlobSet>, WaiverError> {
    if files.is_empty() {
        return Ok(None);
    }
    let mut set = GlobSetBuilder::new();
    for pattern in files {
        let glob = GlobBuilder::new(pattern.trim_start_matches("./"))
            .literal_separator(true)
            .build()
            .map_err(|source| WaiverError::Glob {
                pattern: pattern.clone(),
                source,
            })?;
        set.add(glob);
    }
    set.build().map(Some).map_err(|source| WaiverError::Glob {
        pattern: files.join(", "),
        source,
    })
}

impl Waiver {
    /// Checks and compiles a written waiver; `base` is the folder its globs are relative
    /// to (`None`: the root of each input).
    pub fn new(
        spec: WaiverSpec,
        by: WaivedBy,
        at: Place,
        base: Option<PathBuf>,
    ) -> Result<Waiver, WaiverError> {
        if spec.reason.trim().is_empty() {
            return Err(WaiverError::NoReason(spec.rule.clone()));
        }
        let rules = Selection::only(&[spec.rule.as_str()])?;
        let globs = globs(&spec.files)?;
        let until = match &spec.until {
            Some(text) => {
                Some(Day::parse(text.trim()).ok_or_else(|| WaiverError::Until(text.clone()))?)
            }
            None => None,
        };
        Ok(Waiver {
            spec,
            by,
            at,
            base,
            rules,
            globs,
            until,
        })
    }

    /// The rules it names.
    pub fn rules(&self) -> &Selection {
        &self.rules
    }

    /// The folder its globs are relative to, when not each input's root.
    pub fn base(&self) -> Option<&Path> {
        self.base.as_deref()
    }

    /// The last day it applies.
    pub fn until(&self) -> Option<Day> {
        self.until
    }

    /// True once `today` is past its last day.
    pub fn expired(&self, today: Day) -> bool {
        self.until.is_some_and(|until| today > until)
    }

    /// Whether it covers a file, named as its globs see it.
    pub fn covers_file(&self, file: &str) -> bool {
        self.globs.as_ref().is_none_or(|set| set.is_match(file))
    }

    /// Whether it covers `violation`, whose file its globs see as `file`.
    pub fn covers(&self, violation: &Violation, file: &str) -> bool {
        violation.ids().any(|id| self.rules.includes_id(id))
            && self.covers_file(file)
            && self.spec.path.as_deref().is_none_or(|path| {
                violation.path == path
                    || violation
                        .path
                        .strip_prefix(path)
                        .is_some_and(|rest| rest.starts_with('.'))
            })
    }

    /// What a finding it accepts carries.
    pub fn waived(&self) -> Waived {
        Waived {
            reason: self.spec.reason.trim().to_owned(),
            by: self.by,
            until: self.until.map(|d| d.to_string()),
            at: Some(self.at.label()),
        }
    }
}
