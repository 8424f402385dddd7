//! A report written to a file (`onboard --report`): through a temporary sibling renamed
//! into place, so a failed write leaves an earlier report whole and never half a page.

use std::path::{Path, PathBuf};

/// Why a report file was not written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the report {}: {source}", path.display())]
pub struct ReportFileError {
    /// The report's path.
    pub path: PathBuf,
    /// What failed.
    pub source: std::io::Error,
}

/// Writes `text` to `path`, replacing any file there.
pub fn write(path: &Path, text: &str) -> Result<(), ReportFileError> {
    let failed = |source| ReportFileError {
        path: path.to_path_buf(),
        source,
    };
    let name = path
        .file_name()
        .ok_or_else(|| failed(std::io::ErrorKind::InvalidInput.into()))?;
    let staging = path.with_file_name(format!(
        ".{}.vnfwiz-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    std::fs::write(&staging, text)
        .and_then(|()| std::fs::rename(&staging, path))
        .map_err(|source| {
            let _ = std::fs::remove_file(&staging);
            failed(source)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_replaces_the_file_and_leaves_no_staging() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("report.html");
        std::fs::write(&path, "old").expect("old report");
        write(&path, "<!DOCTYPE html>").expect("written");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "<!DOCTYPE html>");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        let error = write(&dir.path().join("missing/report.html"), "x").unwrap_err();
        assert!(error.to_string().contains("missing/report.html"), "{error}");
        assert!(write(Path::new("/"), "x").is_err());
    }
}
