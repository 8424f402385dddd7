//! A source opened for the wizard: the OVF package or HOT set, the result of its integrity
//! check, and what it asks (licences, deployment options). Opening runs on a worker thread,
//! reporting hashing progress and stopping when cancelled.

use std::path::{Path, PathBuf};

use crate::hot::HotSet;
use crate::integrity::{IntegrityError, IntegrityReport, Options};
use crate::ovf::OvfPackage;
use crate::ovf::inspection::{EulaView, OptionView, inspect};
use crate::source::{InputKind, SourceError, detect, ovf_in_folder};
use crate::validation::{InputError, load_hot_inputs};

/// The loaded input.
#[derive(Debug)]
pub enum Source {
    /// An `.ovf` (with its files) or an `.ova`.
    Ovf(Box<OvfPackage>),
    /// HOT templates: a file, a folder or a heat zip.
    Hot(Box<HotSet>),
}

/// An opened source and what it asks.
#[derive(Debug)]
pub struct Loaded {
    /// The path the operator chose.
    pub path: PathBuf,
    /// What kind of input it is.
    pub kind: InputKind,
    /// The package or set.
    pub source: Source,
    /// Licences to accept, in document order.
    pub eulas: Vec<EulaView>,
    /// Deployment options with each system's hardware.
    pub options: Vec<OptionView>,
}

impl Loaded {
    /// The integrity check of an OVF package (none for HOT templates).
    pub fn integrity(&self) -> Option<&IntegrityReport> {
        match &self.source {
            Source::Ovf(package) => Some(&package.integrity),
            Source::Hot(_) => None,
        }
    }
}

/// Whether opening failed because the operator cancelled (as opposed to a failure).
pub fn is_cancelled(error: &InputError) -> bool {
    matches!(error, InputError::Integrity(IntegrityError::Cancelled))
}

/// Whether opening `kind` hashes files (and so shows the integrity step's progress).
pub fn has_integrity(kind: InputKind) -> bool {
    matches!(kind, InputKind::Ovf | InputKind::Ova)
}

/// The kind of a path as the wizard opens it: a folder holding one `.ovf` is that package.
pub fn kind_of(path: &Path) -> Result<(PathBuf, InputKind), SourceError> {
    let kind = detect(path)?;
    if kind == InputKind::HotFolder
        && let Some(descriptor) = ovf_in_folder(path)
    {
        return Ok((descriptor, InputKind::Ovf));
    }
    Ok((path.to_path_buf(), kind))
}

/// Opens `path`, checks an OVF package's integrity with `options` (progress, cancellation,
/// limits) and gathers what it asks.
pub fn open(path: &Path, options: &Options<'_>) -> Result<Loaded, InputError> {
    let (target, kind) = kind_of(path)?;
    match kind {
        InputKind::Ovf | InputKind::Ova => {
            let package = crate::ovf::open(&target, options)?;
            let (eulas, options) = match package.envelope() {
                Some(envelope) => {
                    let inspection = inspect(&package, envelope);
                    (inspection.eulas, inspection.deployment_options)
                }
                None => (Vec::new(), Vec::new()),
            };
            Ok(Loaded {
                path: path.to_path_buf(),
                kind,
                source: Source::Ovf(Box::new(package)),
                eulas,
                options,
            })
        }
        InputKind::HotFile | InputKind::HotFolder | InputKind::HeatZip => {
            let set = load_hot_inputs(std::slice::from_ref(&target), options.limits)?
                .into_iter()
                .next()
                .ok_or_else(|| SourceError::NotFound(target.clone()))?;
            Ok(Loaded {
                path: path.to_path_buf(),
                kind,
                source: Source::Hot(Box::new(set)),
                eulas: Vec::new(),
                options: Vec::new(),
            })
        }
        InputKind::Csar => Err(SourceError::Unsupported {
            path: target,
            reason: "onboarding from a SOL004 CSAR is not in this build; open its OVF, OVA or HOT templates".to_owned(),
        }
        .into()),
    }
}
