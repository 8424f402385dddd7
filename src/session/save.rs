//! Saving the answers on their own (the wizard's save, `--save-answers`): without
//! secrets, replaced whole (`foundation::atomic_file`), so a failure or a crash leaves any
//! earlier file whole.

use std::path::{Path, PathBuf};

use crate::foundation::atomic_file::{self, AtomicWriteError};
use crate::session::answers::Answers;

use super::Session;

/// Why the answers were not saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The path names a folder, or no file at all.
    #[error("{0} is a folder; give the file to save the answers to")]
    Folder(PathBuf),
    /// The file system refused.
    #[error(transparent)]
    Io(#[from] AtomicWriteError),
}

impl Session {
    /// Writes `answers` without secrets (the session says which keys are secret) to
    /// `path`, atomically.
    pub fn save_answers(&self, answers: &Answers, path: &Path) -> Result<PathBuf, SaveError> {
        if path.is_dir() || path.file_name().is_none() {
            return Err(SaveError::Folder(path.to_path_buf()));
        }
        let text = answers.to_yaml(|key| self.is_secret(key));
        atomic_file::write(path, text.as_bytes())?;
        Ok(path.to_path_buf())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::session::Origin;

    #[test]
    fn answers_are_saved_whole_without_secrets_and_a_folder_is_refused() {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/convert/hot/vfw");
        let session = Session::open(&source, &Limits::default()).unwrap();
        let mut answers = Answers::default();
        session
            .assign(&mut answers, "vfw_count", "3", Origin::File)
            .unwrap();
        session
            .assign(
                &mut answers,
                "vfw_admin_password",
                "hush-hush",
                Origin::File,
            )
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("answers.yaml");
        std::fs::write(&file, "old").unwrap();
        assert_eq!(session.save_answers(&answers, &file).unwrap(), file);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("vfw_count: 3"), "{text}");
        assert!(!text.contains("hush-hush"), "{text}");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no staging file stays behind"
        );
        assert!(matches!(
            session.save_answers(&answers, dir.path()),
            Err(SaveError::Folder(_))
        ));
    }
}
