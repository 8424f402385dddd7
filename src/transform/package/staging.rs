//! A package's zip written under a temporary name beside its destination
//! (`foundation::atomic_file`) and renamed into place only when complete and flushed, so a
//! failed or interrupted write never leaves a partial package under the final name.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

use crate::foundation::atomic_file::{AtomicFile, AtomicWriteError};

use super::error::PackageError;
use super::zip_writer::{DosTime, ZipWriter};

impl From<AtomicWriteError> for PackageError {
    fn from(error: AtomicWriteError) -> PackageError {
        PackageError::Output {
            path: error.path,
            source: error.source,
        }
    }
}

/// A package being written: its zip and the file that becomes `destination`.
pub struct StagedZip {
    /// The archive, writing into the staging file.
    pub zip: ZipWriter<BufWriter<File>>,
    file: AtomicFile,
}

impl StagedZip {
    /// Starts `destination`'s zip in a staging file beside it.
    pub fn create(destination: &Path, time: DosTime) -> Result<StagedZip, PackageError> {
        let file = AtomicFile::create(destination)?;
        let zip = ZipWriter::new(BufWriter::new(file.handle()?), time);
        Ok(StagedZip { zip, file })
    }

    /// Ends the archive, flushes it and moves it to its destination.
    pub fn commit(self, destination: &Path) -> Result<(), PackageError> {
        let output_error = |source| PackageError::Output {
            path: destination.to_path_buf(),
            source,
        };
        let writer = self.zip.finish().map_err(output_error)?;
        writer
            .into_inner()
            .map_err(|e| output_error(e.into_error()))?;
        Ok(self.file.commit()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_committed_package_reaches_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let destination = dir.path().join("vfw.csar");
        let time = DosTime::new(2026, 1, 1, 0, 0, 0);
        {
            let mut staged = StagedZip::create(&destination, time).unwrap();
            staged.zip.add_deflated("half.yaml", b"half").unwrap();
        }
        assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
        let mut staged = StagedZip::create(&destination, time).unwrap();
        staged.zip.add_deflated("whole.yaml", b"whole").unwrap();
        staged.commit(&destination).unwrap();
        assert!(std::fs::read(&destination).unwrap().starts_with(b"PK"));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
