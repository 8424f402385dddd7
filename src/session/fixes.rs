//! Fixes on the output files, before packages and answers.yaml are made from them: the
//! answers' recorded fixes are replayed, then every fix the run's level admits is applied
//! (`onboard --fix`), each judged by a full validation of the set (`fix::Workspace`).
//! Edited and created files replace the output files; the records of what was applied go
//! to answers.yaml so `onboard --answers` does it again.

use crate::check::rules::{Selection, check_hot};
use crate::model::hot::{HotSet, Stage};
use crate::transform::fix::FixRecord;
use crate::transform::fix::{FixLevel, FixNote, Outcome, Unfixable, Workspace};

use super::resolve::{FileRole, OutputFile};

/// What fixing the output did.
#[derive(Debug, Default)]
pub(super) struct Fixed {
    /// The answers records of the fixes applied, in order.
    pub records: Vec<FixRecord>,
    /// Fixes applied and notes on those that were not.
    pub outcome: Outcome,
}

/// Applies `records` (replayed) and the fixes `level` admits to `files` (the output set,
/// loaded by `load` and checked with `rules` as it will be once written; `environment` is
/// its base environment's path).
pub(super) fn apply(
    files: &mut Vec<OutputFile>,
    environment: &str,
    load: &dyn Fn(&[OutputFile]) -> HotSet,
    rules: &Selection,
    level: FixLevel,
    records: &[FixRecord],
) -> Fixed {
    if level == FixLevel::None && records.is_empty() {
        return Fixed::default();
    }
    let mut set = load(files);
    // What vnfwiz writes claims to deploy as it is.
    set.stage = Stage::HeatReady;
    let violations = check_hot(&set, rules);
    let mut workspace = match Workspace::with_violations(set, violations, rules.clone()) {
        Ok(workspace) => workspace,
        Err(unfixable) => {
            let Unfixable { reason, set, .. } = *unfixable;
            return Fixed {
                records: Vec::new(),
                outcome: Outcome {
                    applied: Vec::new(),
                    notes: vec![FixNote {
                        rule: "fix".to_owned(),
                        file: set.label,
                        line: 1,
                        column: 1,
                        message: reason.to_string(),
                    }],
                },
            };
        }
    };
    let mut outcome = workspace.replay(records);
    outcome.extend(workspace.apply_level(level));
    for file in &workspace.set().files {
        match files.iter_mut().find(|f| f.path == file.path) {
            Some(output) => {
                if output.bytes != file.bytes {
                    output.bytes = file.bytes.clone();
                }
            }
            None => files.push(OutputFile {
                path: file.path.clone(),
                bytes: file.bytes.clone(),
                role: if file.path == environment {
                    FileRole::Environment
                } else {
                    FileRole::Nested
                },
                secrets: Vec::new(),
                source: None,
            }),
        }
    }
    Fixed {
        records: workspace.records(),
        outcome,
    }
}
