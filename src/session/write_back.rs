//! The fixes applied in a session written back to the source files (the wizard's Review key
//! `W`). The answers' fix records are replayed on the source set itself, not on the output
//! (which also holds the parameter answers), and the files they change are written in place
//! by `fix::write_back`, as `validate --fix` writes them: each file atomically, and only
//! while it still holds what was read.

use std::path::PathBuf;

use crate::foundation::diagnostics::InputRoot;
use crate::session::answers::Answers;
use crate::transform::fix::write_back::{self, FixedFile, WriteBack};
use crate::transform::fix::{Outcome, Workspace};

use super::Session;

/// What writing the applied fixes back to the source would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFixes {
    /// The source's folder, which the paths are relative to.
    pub root: PathBuf,
    /// Each file with its new text.
    pub changes: Vec<FixedFile>,
    /// The records replayed on the source, and notes on those that do not apply to it.
    pub outcome: Outcome,
}

impl SourceFixes {
    /// The files that would be written, in order.
    pub fn files(&self) -> Vec<&str> {
        self.changes.iter().map(|c| c.path.as_str()).collect()
    }
}

/// Why the applied fixes cannot be written back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteBackError {
    /// The answers record no fix.
    #[error("no fix has been applied yet")]
    NothingApplied,
    /// An OVF source has no template files of its own.
    #[error(
        "the source is an OVF package; its fixes live in the templates vnfwiz writes, not in a file of the package"
    )]
    Ovf,
    /// A zip cannot be edited in place.
    #[error(
        "{0}: the source is a zip archive, which cannot be fixed in place; unpack it and open the folder"
    )]
    Archive(String),
    /// A composed set's output files are not its source's files.
    #[error(
        "the set is composed from capability choices; its output files are not the source's own"
    )]
    Composed,
    /// The source set cannot be reloaded to replay the fixes.
    #[error("the source cannot be fixed: {0}")]
    Unfixable(String),
    /// Replaying changed no file.
    #[error("none of the applied fixes changes a source file")]
    NoChange,
}

impl Session {
    /// What the fixes `answers.fixes` records would change in the source files.
    pub fn source_fixes(&self, answers: &Answers) -> Result<SourceFixes, WriteBackError> {
        if answers.fixes.is_empty() {
            return Err(WriteBackError::NothingApplied);
        }
        let Some(set) = self.hot() else {
            return Err(WriteBackError::Ovf);
        };
        let root = match &self.root {
            InputRoot::Folder(folder) => folder.clone(),
            InputRoot::Archive(archive) => {
                return Err(WriteBackError::Archive(archive.display().to_string()));
            }
        };
        if self.composed(answers).is_some() {
            return Err(WriteBackError::Composed);
        }
        let mut workspace = Workspace::on_copy(set, self.rules.clone())
            .map_err(|e| WriteBackError::Unfixable(e.to_string()))?;
        let outcome = workspace.replay(&answers.fixes);
        let changes = write_back::changes(&workspace);
        if changes.is_empty() {
            return Err(WriteBackError::NoChange);
        }
        Ok(SourceFixes {
            root,
            changes,
            outcome,
        })
    }

    /// Writes planned fixes into the source files (see [`Session::source_fixes`]).
    pub fn write_source_fixes(&self, fixes: &SourceFixes) -> WriteBack {
        write_back::write_back(&fixes.root, &fixes.changes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::transform::fix::FixLevel;
    use crate::tui::testing::fixture_copy;

    #[test]
    fn the_applied_fixes_reach_the_source_files_and_only_them() {
        let dir = fixture_copy("tests/fixtures/onap/vfw");
        let session = Session::open(dir.path(), &Limits::default()).unwrap();
        let mut answers = Answers::default();
        assert_eq!(
            session.source_fixes(&answers),
            Err(WriteBackError::NothingApplied)
        );
        answers.fixes = session
            .resolve_fixing(&answers, FixLevel::Safe)
            .unwrap()
            .fixes
            .applied
            .into_iter()
            .map(|a| a.record)
            .collect();
        let planned = session.source_fixes(&answers).unwrap();
        assert_eq!(planned.files(), ["base_vfw.env", "base_vfw.yaml"]);
        assert!(planned.outcome.notes.is_empty(), "{:?}", planned.outcome);
        let env_before = std::fs::read_to_string(dir.path().join("base_vfw.env")).unwrap();
        let done = session.write_source_fixes(&planned);
        assert_eq!(done.written, ["base_vfw.env", "base_vfw.yaml"]);
        let env = std::fs::read_to_string(dir.path().join("base_vfw.env")).unwrap();
        assert!(
            !env.contains("vnf_id:") && env.contains("# Instance identity"),
            "{env}"
        );
        assert_ne!(env, env_before);
        // The same plan again finds the files changed since it was made.
        let again = session.write_source_fixes(&planned);
        assert!(
            again.written.is_empty() && again.skipped.len() == 2,
            "{again:?}"
        );
        // Nothing but the two files, no staging left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
