//! What a report handed to people says about its run (the HTML report's header): when, by
//! which vnfwiz, over which sources, with which rules and settings.

use std::path::Path;

use crate::foundation::diagnostics::Options;
use crate::input::integrity::IntegrityError;
use crate::input::integrity::digest::{DigestAlgorithm, hash_stream, to_hex};
use crate::input::integrity::progress::Tracker;
use crate::transform::package::time::{BadSourceDateEpoch, PackageTime};

/// The run a report describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunInfo {
    /// When the report was made: RFC 3339, UTC.
    pub date: String,
    /// vnfwiz's version.
    pub version: String,
    /// Each source as given.
    pub sources: Vec<Source>,
    /// The rules in force, in words (`profile onap`, `rules R-90526, OVF-*`).
    pub rules: String,
    /// Every other setting that changes the findings, as (name, value): skipped rules, the
    /// profiles file read, the stage checked, limits other than the defaults.
    pub settings: Vec<(String, String)>,
}

impl RunInfo {
    /// A run of this vnfwiz now (or at `SOURCE_DATE_EPOCH`, for reproducible reports) over
    /// `sources` with `rules`; no other setting yet.
    pub fn now(sources: Vec<Source>, rules: String) -> Result<RunInfo, BadSourceDateEpoch> {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Ok(RunInfo {
            date: PackageTime::from_env_or(PackageTime(now))?.rfc3339(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            sources,
            rules,
            settings: Vec::new(),
        })
    }
}

/// A source as the operator gave it, with the SHA-256 of its bytes when it is one file (a
/// package, an archive, a template); a folder has no one digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The path as given.
    pub path: String,
    /// Lower-case hexadecimal SHA-256, for a file.
    pub sha256: Option<String>,
}

impl Source {
    /// `path`, hashed when it is a file (with progress and cancellation from `options`).
    pub fn read(path: &Path, options: &Options<'_>) -> Result<Source, IntegrityError> {
        let shown = path.display().to_string();
        let read_error = |source| IntegrityError::Read {
            file: shown.clone(),
            source,
        };
        let metadata = std::fs::metadata(path).map_err(read_error)?;
        let sha256 = if metadata.is_file() {
            let mut file = std::fs::File::open(path).map_err(read_error)?;
            let tracker = Tracker::new(metadata.len(), options);
            let hashed = hash_stream(&mut file, &[DigestAlgorithm::Sha256], &tracker, &shown)?;
            tracker.finish();
            hashed.digests.get(DigestAlgorithm::Sha256).map(to_hex)
        } else {
            None
        };
        Ok(Source {
            path: shown,
            sha256,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;

    #[test]
    fn a_file_has_its_sha256_and_a_folder_none() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("vfw.ova");
        std::fs::write(&file, b"abc").expect("write");
        let limits = Limits::default();
        let options = Options::new(&limits);
        let source = Source::read(&file, &options).expect("a file");
        assert_eq!(
            source.sha256.as_deref(),
            Some("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        );
        assert_eq!(
            Source::read(dir.path(), &options).expect("a folder").sha256,
            None
        );
        assert!(Source::read(&dir.path().join("gone"), &options).is_err());
    }
}
