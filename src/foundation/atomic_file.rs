//! Files replaced whole: the bytes go to a temporary file in the target's folder (so the
//! rename stays on one file system), which is flushed to disk and renamed over the target,
//! and the folder is flushed where the platform allows. A failure or a crash leaves the old
//! file whole and no temporary file behind (one a crash leaves is a hidden `.vnfwiz-` file).
//! Every file vnfwiz writes in place goes through here: answers, reports, fixed templates,
//! packages, the wizard's history.

use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file was not written: the path the operator asked for and the system's reason.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct AtomicWriteError {
    /// The file being written (never the temporary name).
    pub path: PathBuf,
    /// What failed.
    pub source: io::Error,
}

/// Numbers the temporary names of this process, so two writers (threads) never share one.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A fresh hidden name beside `target` for a staging `what` (`tmp`, `new`, `old`):
/// `.<name>.vnfwiz-<what>-<process>-<n>`. Unique within the process; the process id keeps
/// two processes apart.
pub fn staging_name(target: &Path, what: &str) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_owned());
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    target.with_file_name(format!(".{name}.vnfwiz-{what}-{}-{n}", std::process::id()))
}

/// Flushes a folder's entries (a rename in it) to disk. Best effort: not every platform or
/// file system lets a folder be opened and flushed, and the rename itself already happened.
pub fn sync_folder(folder: &Path) {
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    if let Ok(handle) = File::open(folder) {
        let _ = handle.sync_all();
    }
}

/// Writes `bytes` to `target`, replacing any file there, atomically.
pub fn write(target: &Path, bytes: &[u8]) -> Result<(), AtomicWriteError> {
    let mut file = AtomicFile::create(target)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A file being written under a temporary name beside its target; removed when dropped
/// unless committed.
#[derive(Debug)]
pub struct AtomicFile {
    file: File,
    temp: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl AtomicFile {
    /// Creates the temporary file for `target` (which needs a file name).
    pub fn create(target: &Path) -> Result<AtomicFile, AtomicWriteError> {
        let failed = |source| AtomicWriteError {
            path: target.to_path_buf(),
            source,
        };
        if target.file_name().is_none() {
            return Err(failed(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the path names no file",
            )));
        }
        loop {
            let temp = staging_name(target, "tmp");
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    return Ok(AtomicFile {
                        file,
                        temp,
                        target: target.to_path_buf(),
                        committed: false,
                    });
                }
                // Left by a crashed process that had the same id: take the next number.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(failed(e)),
            }
        }
    }

    /// A second handle on the temporary file, for a writer that takes ownership (a zip).
    pub fn handle(&self) -> Result<File, AtomicWriteError> {
        self.file.try_clone().map_err(|e| self.failed(e))
    }

    /// Writes all of `bytes` at the end of the temporary file.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), AtomicWriteError> {
        let written = self.file.write_all(bytes);
        written.map_err(|e| self.failed(e))
    }

    /// Gives the file `permissions` before it takes the target's name.
    pub fn set_permissions(&self, permissions: Permissions) -> Result<(), AtomicWriteError> {
        self.file
            .set_permissions(permissions)
            .map_err(|e| self.failed(e))
    }

    /// Flushes the file and renames it over the target, then flushes the folder.
    pub fn commit(mut self) -> Result<(), AtomicWriteError> {
        self.file.sync_all().map_err(|e| self.failed(e))?;
        std::fs::rename(&self.temp, &self.target).map_err(|e| self.failed(e))?;
        self.committed = true;
        self.sync_target_folder();
        Ok(())
    }

    /// Like [`commit`](Self::commit), but never replaces a file: `Ok(false)` when the target
    /// exists (one that appeared since the caller looked), the temporary file removed.
    pub fn commit_new(self) -> Result<bool, AtomicWriteError> {
        self.file.sync_all().map_err(|e| self.failed(e))?;
        // A hard link fails on an existing name where a rename would replace it.
        match std::fs::hard_link(&self.temp, &self.target) {
            Ok(()) => {
                self.sync_target_folder();
                Ok(true)
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(self.failed(e)),
        }
    }

    fn sync_target_folder(&self) {
        if let Some(folder) = self.target.parent() {
            sync_folder(folder);
        }
    }

    fn failed(&self, source: io::Error) -> AtomicWriteError {
        AtomicWriteError {
            path: self.target.clone(),
            source,
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            // Nothing to report: the failure that got here says why.
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("answers.yaml");
        std::fs::write(&path, "a much longer earlier text than the new one\n").unwrap();
        write(&path, b"short\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "short\n");
        assert_eq!(names(dir.path()), ["answers.yaml"]);
        write(&dir.path().join("new.yaml"), b"fresh").unwrap();
        assert_eq!(names(dir.path()), ["answers.yaml", "new.yaml"]);
    }

    #[test]
    fn a_failure_names_the_path_keeps_the_old_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // The target is a folder with content: the rename over it fails.
        let target = dir.path().join("report.html");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("kept"), "old").unwrap();
        let error = write(&target, b"new").unwrap_err();
        assert_eq!(error.path, target);
        assert!(error.to_string().contains("report.html"), "{error}");
        assert_eq!(names(dir.path()), ["report.html"]);
        assert_eq!(std::fs::read_to_string(target.join("kept")).unwrap(), "old");

        let missing = dir.path().join("missing/report.html");
        let error = write(&missing, b"x").unwrap_err();
        assert!(error.to_string().contains("missing/report.html"), "{error}");
        assert!(write(Path::new("/"), b"x").is_err(), "no file name");
    }

    #[test]
    fn a_dropped_file_leaves_nothing_and_commit_new_never_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("package.csar");
        {
            let mut file = AtomicFile::create(&path).unwrap();
            file.write_all(b"half").unwrap();
        }
        assert!(names(dir.path()).is_empty());
        std::fs::write(&path, "theirs").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"ours").unwrap();
        assert!(!file.commit_new().unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        assert_eq!(names(dir.path()), ["package.csar"]);
    }

    #[test]
    fn temporary_names_are_unique_hidden_siblings() {
        let target = Path::new("/out/heat.zip");
        let first = staging_name(target, "tmp");
        let second = staging_name(target, "tmp");
        assert_ne!(first, second);
        assert_eq!(first.parent(), target.parent());
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(".heat.zip.vnfwiz-tmp-"), "{name}");
    }
}
