//! Saving the answers on their own (the wizard's save, `--save-answers`): without
//! secrets, through a temporary sibling that is flushed to disk and then renamed over the
//! file, so a failure or a crash leaves any earlier file whole.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::session::answers::Answers;

use super::Session;

/// Why the answers were not saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The path names a folder, or no file at all.
    #[error("{0} is a folder; give the file to save the answers to")]
    Folder(PathBuf),
    /// The file system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file being written.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

impl Session {
    /// Writes `answers` without secrets (the session says which keys are secret) to
    /// `path`, atomically.
    pub fn save_answers(&self, answers: &Answers, path: &Path) -> Result<PathBuf, SaveError> {
        if path.is_dir() {
            return Err(SaveError::Folder(path.to_path_buf()));
        }
        let Some(name) = path.file_name() else {
            return Err(SaveError::Folder(path.to_path_buf()));
        };
        let text = answers.to_yaml(|key| self.is_secret(key));
        let staging = path.with_file_name(format!(
            ".{}.vnfwiz-{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let written =
            write_synced(&staging, text.as_bytes()).and_then(|()| std::fs::rename(&staging, path));
        if let Err(source) = written {
            let _ = std::fs::remove_file(&staging);
            return Err(SaveError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
            && let Ok(handle) = File::open(folder)
        {
            // Best effort: not every file system lets a folder be flushed.
            let _ = handle.sync_all();
        }
        Ok(path.to_path_buf())
    }
}

/// Creates `path` (it must not exist) with `bytes`, flushed to disk.
fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
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
