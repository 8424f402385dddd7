//! Fixes on the resolved set: the answers' recorded fixes are replayed, then every fix the
//! run's level admits is applied (`onboard --fix`), each judged by a full validation
//! (`fix::Workspace`). Edited and created files replace the output files, and answers.yaml
//! records what was applied so `onboard --answers` does it again.

use crate::answers::FixRecord;
use crate::fix::{FixLevel, FixNote, Outcome, Unfixable, Workspace};
use crate::hot::HotSet;
use crate::report::Violation;
use crate::rules::{Selection, check_hot};

use super::resolve::{ANSWERS_FILE, FileRole, OutputFile};

/// A set, its violations and what fixes did to it.
pub(super) struct Fixed {
    /// The set.
    pub set: HotSet,
    /// Its violations under the run's rules.
    pub violations: Vec<Violation>,
    /// Fixes applied and notes on those that were not.
    pub outcome: Outcome,
}

/// Applies `records` (replayed) and the fixes `level` admits to the `checked` set (its
/// violations found with `selection`, no fix applied yet); `files` (the output,
/// `environment` its base environment's path) follow the edits, and answers.yaml is written
/// again by `answers_yaml` with the applied records.
pub(super) fn apply(
    checked: Fixed,
    selection: &Selection,
    level: FixLevel,
    records: &[FixRecord],
    files: &mut Vec<OutputFile>,
    environment: &str,
    answers_yaml: impl FnOnce(Vec<FixRecord>) -> String,
) -> Fixed {
    if level == FixLevel::None && records.is_empty() {
        return checked;
    }
    let Fixed {
        set, violations, ..
    } = checked;
    let mut workspace = match Workspace::with_violations(set, violations, selection.clone()) {
        Ok(workspace) => workspace,
        Err(unfixable) => {
            let Unfixable {
                reason,
                set,
                violations,
            } = *unfixable;
            let outcome = Outcome {
                applied: Vec::new(),
                notes: vec![FixNote {
                    rule: "fix".to_owned(),
                    file: set.label.clone(),
                    line: 1,
                    column: 1,
                    message: reason.to_string(),
                }],
            };
            return Fixed {
                set,
                violations,
                outcome,
            };
        }
    };
    let mut outcome = workspace.replay(records);
    outcome.extend(workspace.apply_level(level));
    let applied = workspace.records();
    let (mut set, mut violations) = workspace.into_parts();
    for file in &set.files {
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
            }),
        }
    }
    let text = answers_yaml(applied).into_bytes();
    if let (Some(output), Some(id)) = (
        files.iter_mut().find(|f| f.path == ANSWERS_FILE),
        set.find(ANSWERS_FILE),
    ) && output.bytes != text
    {
        output.bytes = text.clone();
        set.replace_text(id, text);
        violations = check_hot(&set, selection);
    }
    Fixed {
        set,
        violations,
        outcome,
    }
}
