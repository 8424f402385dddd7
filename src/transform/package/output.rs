//! A package file written beside its destination and moved into place only when complete,
//! so a failed or interrupted write never leaves a partial package under the final name.

use std::fs::File;
use std::path::{Path, PathBuf};

use super::error::PackageError;

/// A staging file for one package.
#[derive(Debug)]
pub struct Staged {
    temp: PathBuf,
    destination: PathBuf,
    committed: bool,
}

impl Staged {
    /// Prepares `destination`'s staging file in the same folder (so the final rename stays
    /// on one file system).
    pub fn create(destination: &Path) -> Result<Staged, PackageError> {
        let name = destination
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| PackageError::Output {
                path: destination.to_path_buf(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "the package needs a file name",
                ),
            })?;
        let temp = destination.with_file_name(format!(".{name}.partial"));
        Ok(Staged {
            temp,
            destination: destination.to_path_buf(),
            committed: false,
        })
    }

    /// Creates (or truncates) the staging file.
    pub fn file(&self) -> Result<File, PackageError> {
        File::create(&self.temp).map_err(|source| PackageError::Output {
            path: self.temp.clone(),
            source,
        })
    }

    /// Moves the finished file to its destination.
    pub fn commit(mut self) -> Result<(), PackageError> {
        std::fs::rename(&self.temp, &self.destination).map_err(|source| PackageError::Output {
            path: self.destination.clone(),
            source,
        })?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            // Nothing to report: the write already failed and says why.
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_committed_file_reaches_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let destination = dir.path().join("vfw.csar");
        {
            let staged = Staged::create(&destination).unwrap();
            std::fs::write(&staged.temp, b"half").unwrap();
        }
        assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
        let staged = Staged::create(&destination).unwrap();
        std::fs::write(&staged.temp, b"whole").unwrap();
        staged.commit().unwrap();
        assert_eq!(std::fs::read(&destination).unwrap(), b"whole");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
