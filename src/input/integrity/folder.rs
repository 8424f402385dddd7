//! An `.ovf` with its files beside it: the manifest and certificate are read through the
//! package gate, then every file the manifest lists is hashed, several at once.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::declared::ExpectedFile;
use super::digest::{DigestAlgorithm, Hashed, hash_stream};
use super::error::IntegrityError;
use super::manifest::Manifest;
use super::progress::Tracker;
use super::verify::{Contents, IntegrityReport, companion_names, evaluate};
use crate::foundation::diagnostics::Options;
use crate::input::source::PackageFiles;

/// One file to hash and the algorithms it needs.
struct Job {
    name: String,
    algorithms: Vec<DigestAlgorithm>,
    size: u64,
}

/// Checks the package of `descriptor` (a name in `files`, usually a folder opened with
/// [`PackageFiles::open_sparse`] so that only named files are looked at) against the
/// References the descriptor declares (`expected`).
pub fn verify_folder(
    files: &PackageFiles,
    descriptor: &str,
    expected: &[ExpectedFile],
    options: &Options<'_>,
) -> Result<IntegrityReport, IntegrityError> {
    let (manifest_name, certificate_name) = companion_names(descriptor);
    let limit = options.limits.max_manifest_bytes;
    let manifest_bytes = read_companion(files, &manifest_name, limit)?;
    let certificate_bytes = read_companion(files, &certificate_name, limit)?;
    let manifest = manifest_bytes
        .as_deref()
        .map(|bytes| Manifest::parse(&manifest_name, bytes));

    let mut jobs: Vec<Job> = Vec::new();
    if let Some(manifest) = &manifest {
        let mut queued = HashSet::new();
        for entry in &manifest.entries {
            if !queued.insert(entry.file.as_str()) {
                continue;
            }
            if let Some(size) = files.size(&entry.file) {
                jobs.push(Job {
                    name: entry.file.clone(),
                    algorithms: manifest.algorithms_for(&entry.file),
                    size,
                });
            }
        }
    }
    // Largest first, so the last file to finish is a small one.
    jobs.sort_by_key(|job| Reverse(job.size));
    let tracker = Tracker::new(jobs.iter().map(|j| j.size).sum(), options);
    let hashed = hash_jobs(files, &jobs, &tracker)?;
    tracker.finish();

    let size_of = |name: &str| files.size(name);
    let contents = Contents {
        descriptor,
        manifest: manifest_bytes
            .as_deref()
            .zip(manifest.as_ref())
            .map(|(bytes, parsed)| (manifest_name.as_str(), bytes, parsed)),
        certificate: certificate_bytes
            .as_deref()
            .map(|bytes| (certificate_name.as_str(), bytes)),
        size_of: &size_of,
        hashed: &hashed,
        archive_entries: &[],
        max_parts: options.limits.max_archive_entries,
        now: options.now,
    };
    Ok(evaluate(&contents, expected))
}

/// A manifest or certificate, when the package has it, read within the limit.
fn read_companion(
    files: &PackageFiles,
    name: &str,
    limit: u64,
) -> Result<Option<Vec<u8>>, IntegrityError> {
    if !files.contains(name) {
        return Ok(None);
    }
    files
        .stream(name, |reader| read_limited(reader, name, limit))
        .map(Some)
}

/// Reads a small file whole, refusing more than `limit` bytes.
pub(crate) fn read_limited(
    reader: &mut dyn Read,
    name: &str,
    limit: u64,
) -> Result<Vec<u8>, IntegrityError> {
    let mut data = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut data)
        .map_err(|source| IntegrityError::Read {
            file: name.to_owned(),
            source,
        })?;
    if data.len() as u64 > limit {
        return Err(IntegrityError::TooLarge {
            file: name.to_owned(),
            size: data.len() as u64,
            limit,
        });
    }
    Ok(data)
}

/// Hashes every job on as many threads as there are cores (at most one per job); the first
/// failure stops the others.
fn hash_jobs(
    files: &PackageFiles,
    jobs: &[Job],
    tracker: &Tracker<'_>,
) -> Result<HashMap<String, Hashed>, IntegrityError> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(jobs.len());
    let next = AtomicUsize::new(0);
    let work = || -> Result<Vec<(String, Hashed)>, IntegrityError> {
        let mut done = Vec::new();
        while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
            let hashed = files.stream(&job.name, |reader| {
                hash_stream(reader, &job.algorithms, tracker, &job.name)
            });
            match hashed {
                Ok(hashed) => done.push((job.name.clone(), hashed)),
                Err(error) => {
                    tracker.fail();
                    return Err(error);
                }
            }
        }
        Ok(done)
    };
    let outcomes: Vec<Result<Vec<(String, Hashed)>, IntegrityError>> =
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
    let mut hashed = HashMap::new();
    let mut failure: Option<IntegrityError> = None;
    for outcome in outcomes {
        match outcome {
            Ok(done) => hashed.extend(done),
            // A worker stopped because another failed: keep the real cause.
            Err(IntegrityError::Cancelled) if failure.is_some() => {}
            Err(error) if matches!(failure, None | Some(IntegrityError::Cancelled)) => {
                failure = Some(error)
            }
            Err(_) => {}
        }
    }
    match failure {
        Some(error) => Err(error),
        None => Ok(hashed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::input::integrity::declared::Compression;
    use crate::input::integrity::findings::{Finding, WantedBy};
    use crate::input::integrity::test_packages::*;
    use crate::input::integrity::verify::DigestStatus;
    use std::sync::Mutex;
    use std::sync::atomic::AtomicBool;

    fn check(files: &[(String, Vec<u8>)], expected: &[ExpectedFile]) -> IntegrityReport {
        let dir = tempfile::tempdir().unwrap();
        write_folder(dir.path(), files);
        let limits = Limits::default();
        let package = PackageFiles::open_sparse(dir.path(), &limits);
        verify_folder(&package, "vfw.ovf", expected, &Options::new(&limits)).unwrap()
    }

    fn ids(report: &IntegrityReport) -> Vec<(&str, &str)> {
        report
            .findings
            .iter()
            .map(|f| (f.rule().id, f.file()))
            .collect()
    }

    #[test]
    fn a_signed_package_verifies() {
        let report = check(&signed(files()), &expected());
        assert_eq!(ids(&report), [("OVF-self-signed", "vfw.cert")]);
        assert_eq!(report.manifest.as_deref(), Some("vfw.mf"));
        assert!(report.signature.as_ref().unwrap().verified);
        assert_eq!(report.files_hashed, 3);
        assert_eq!(
            report.bytes_hashed,
            (DESCRIPTOR.len() + 700_000 + 4096) as u64
        );
        assert!(!report.has_errors());
        assert_eq!(
            report.status("vfw-system.vmdk"),
            Some(DigestStatus::Verified)
        );
        assert_eq!(report.status("vfw.ovf"), Some(DigestStatus::Verified));
        // The manifest and certificate are kept as read, for showing their lines.
        assert!(
            report
                .text("vfw.mf")
                .unwrap()
                .starts_with(b"SHA256(vfw.ovf)= ")
        );
        assert!(report.text("vfw.cert").is_some());
        assert_eq!(report.statuses.len(), 3);
    }

    #[test]
    fn a_corrupted_disk_is_a_digest_error_naming_it() {
        let mut package = signed(files());
        corrupt(&mut package, "vfw-system.vmdk");
        let report = check(&package, &expected());
        assert_eq!(
            ids(&report),
            [
                ("OVF-digest-mismatch", "vfw-system.vmdk"),
                ("OVF-self-signed", "vfw.cert")
            ]
        );
        let finding = &report.findings[0];
        assert_eq!(finding.text_location(), Some(("vfw.mf", 2)));
        assert!(finding.to_string().contains("vfw-system.vmdk"));
        assert!(report.has_errors());
        assert_eq!(
            report.status("vfw-system.vmdk"),
            Some(DigestStatus::Mismatch)
        );
        assert_eq!(
            report.status("vfw-config.iso"),
            Some(DigestStatus::Verified)
        );
    }

    #[test]
    fn with_a_manifest_a_missing_disk_is_an_error_reported_once() {
        let package: Vec<_> = signed(files())
            .into_iter()
            .filter(|(n, _)| n != "vfw-config.iso")
            .collect();
        let report = check(&package, &expected());
        assert_eq!(
            report.findings[0],
            Finding::MissingFile {
                file: "vfw-config.iso".into(),
                wanted_by: WantedBy::Descriptor
            }
        );
        assert_eq!(report.findings.len(), 2);
    }

    #[test]
    fn without_a_manifest_a_missing_disk_is_a_warning() {
        let package: Vec<_> = files()
            .into_iter()
            .filter(|(n, _)| n != "vfw-config.iso")
            .collect();
        let report = check(&package, &expected());
        assert_eq!(
            ids(&report),
            [
                ("OVF-reference-absent", "vfw-config.iso"),
                ("OVF-no-manifest", "vfw.ovf")
            ]
        );
        assert!(!report.has_errors());
        assert_eq!(report.files_hashed, 0);
        assert_eq!(report.status("vfw-config.iso"), Some(DigestStatus::Missing));
        assert_eq!(
            report.status("vfw-system.vmdk"),
            Some(DigestStatus::NoManifest)
        );
        assert!(report.texts.is_empty());
    }

    #[test]
    fn sizes_unlisted_files_and_listed_missing_files_are_reported() {
        let mut package = files();
        let mut mf = manifest(&package[1..2], DigestAlgorithm::Sha1);
        mf.extend_from_slice(b"SHA1(vfw-data.vmdk)= a94a8fe5ccb19ba61c4c0873d391e987982fbbd3\n");
        package.push(("vfw.mf".to_owned(), mf));
        let mut declared = expected();
        declared[0].size = Some(699_999);
        let report = check(&package, &declared);
        assert_eq!(
            ids(&report),
            [
                ("OVF-unlisted-file", "vfw-config.iso"),
                ("OVF-missing-file", "vfw-data.vmdk"),
                ("OVF-size-mismatch", "vfw-system.vmdk"),
                ("OVF-unlisted-file", "vfw.ovf"),
            ]
        );
        assert_eq!(
            report.findings[1],
            Finding::MissingFile {
                file: "vfw-data.vmdk".into(),
                wanted_by: WantedBy::Manifest {
                    manifest: "vfw.mf".into(),
                    line: 2
                }
            }
        );
        assert_eq!(report.findings[1].text_location(), Some(("vfw.mf", 2)));
        assert_eq!(report.status("vfw-data.vmdk"), Some(DigestStatus::Missing));
        assert_eq!(
            report.status("vfw-config.iso"),
            Some(DigestStatus::NotListed)
        );
        assert_eq!(report.status("vfw.ovf"), Some(DigestStatus::NotListed));
        assert_eq!(
            report.status("vfw-system.vmdk"),
            Some(DigestStatus::Verified)
        );
    }

    #[test]
    fn chunks_are_hashed_and_sized_one_by_one() {
        let whole = disk(10_000, 3);
        let mut package = vec![("vfw.ovf".to_owned(), DESCRIPTOR.as_bytes().to_vec())];
        for (index, chunk) in whole.chunks(4096).enumerate() {
            package.push((format!("vfw-system.vmdk.{index:09}"), chunk.to_vec()));
        }
        let mf = manifest(&package, DigestAlgorithm::Sha256);
        package.push(("vfw.mf".to_owned(), mf));
        corrupt(&mut package, "vfw-system.vmdk.000000001");
        package.retain(|(n, _)| n != "vfw-system.vmdk.000000002");
        let declared = [ExpectedFile {
            chunk_size: Some(4096),
            ..ExpectedFile::new("vfw-system.vmdk", Some(10_000))
        }];
        let report = check(&package, &declared);
        assert_eq!(
            ids(&report),
            [
                ("OVF-digest-mismatch", "vfw-system.vmdk.000000001"),
                ("OVF-missing-file", "vfw-system.vmdk.000000002"),
            ]
        );
    }

    #[test]
    fn compressed_files_are_checked_as_stored() {
        // Stand-in gzip bytes: integrity never decompresses, so any stored bytes do.
        let stored = [&[0x1f, 0x8b, 0x08, 0x00][..], &disk(5000, 4)].concat();
        let package = vec![
            ("vfw.ovf".to_owned(), DESCRIPTOR.as_bytes().to_vec()),
            ("vfw-system.vmdk.gz".to_owned(), stored),
        ];
        let mut package = [
            package.clone(),
            vec![(
                "vfw.mf".to_owned(),
                manifest(&package, DigestAlgorithm::Sha512),
            )],
        ]
        .concat();
        package.sort();
        let declared = [ExpectedFile {
            compression: Some(Compression::Gzip),
            ..ExpectedFile::new("vfw-system.vmdk.gz", Some(70_000))
        }];
        let report = check(&package, &declared);
        assert_eq!(ids(&report), [("OVF-size-mismatch", "vfw-system.vmdk.gz")]);
        assert!(report.findings[0].to_string().contains("compressed"));
    }

    #[test]
    fn urls_are_skipped_and_paths_leaving_the_package_are_never_read() {
        let mut package = files();
        let mf = manifest(&package, DigestAlgorithm::Sha256);
        package.push(("vfw.mf".to_owned(), mf));
        let declared = [
            ExpectedFile::new("https://images.example.net/vfw-data.vmdk", None),
            ExpectedFile::new("../secrets.vmdk", None),
        ];
        let report = check(&package, &declared);
        assert_eq!(ids(&report), [("OVF-missing-file", "../secrets.vmdk")]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_disk_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(outside.path(), b"secret").unwrap();
        let mut package = files();
        let mf = manifest(&package, DigestAlgorithm::Sha256);
        package.push(("vfw.mf".to_owned(), mf));
        package.retain(|(n, _)| n != "vfw-config.iso");
        write_folder(dir.path(), &package);
        std::os::unix::fs::symlink(outside.path(), dir.path().join("vfw-config.iso")).unwrap();
        let limits = Limits::default();
        let files = PackageFiles::open_sparse(dir.path(), &limits);
        let report = verify_folder(&files, "vfw.ovf", &expected(), &Options::new(&limits)).unwrap();
        assert_eq!(ids(&report), [("OVF-missing-file", "vfw-config.iso")]);
        assert_eq!(report.files_hashed, 2);
    }

    #[test]
    fn the_manifest_size_limit_is_enforced() {
        let dir = tempfile::tempdir().unwrap();
        write_folder(dir.path(), &signed(files()));
        let limits = Limits {
            max_manifest_bytes: 100,
            ..Limits::default()
        };
        let package = PackageFiles::open_sparse(dir.path(), &limits);
        let error =
            verify_folder(&package, "vfw.ovf", &expected(), &Options::new(&limits)).unwrap_err();
        assert!(matches!(error, IntegrityError::TooLarge { limit: 100, .. }));
        assert!(error.to_string().contains("--max-manifest-size"));
    }

    #[test]
    fn many_files_hash_in_parallel_with_progress_to_the_total() {
        let mut package = vec![("vfw.ovf".to_owned(), DESCRIPTOR.as_bytes().to_vec())];
        for i in 0..12u8 {
            package.push((
                format!("disks/d{i}.vmdk"),
                disk(300_000 + usize::from(i), i),
            ));
        }
        let mf = manifest(&package, DigestAlgorithm::Sha256);
        package.push(("vfw.mf".to_owned(), mf));
        let dir = tempfile::tempdir().unwrap();
        write_folder(dir.path(), &package);
        let limits = Limits::default();
        let seen = Mutex::new(Vec::new());
        let record = |done: u64, total: u64| seen.lock().unwrap().push((done, total));
        let options = Options::new(&limits).with_progress(&record);
        let files = PackageFiles::open_sparse(dir.path(), &limits);
        let report = verify_folder(&files, "vfw.ovf", &[], &options).unwrap();
        assert!(report.findings.is_empty(), "{:?}", report.findings);
        assert_eq!(report.files_hashed, 13);
        let seen = seen.into_inner().unwrap();
        let total = report.bytes_hashed;
        assert_eq!(seen.last(), Some(&(total, total)));
        assert!(seen.iter().all(|(done, t)| *t == total && *done <= total));
    }

    #[test]
    fn a_cancelled_folder_check_stops_with_cancelled() {
        let dir = tempfile::tempdir().unwrap();
        write_folder(dir.path(), &signed(files()));
        let limits = Limits::default();
        let cancel = AtomicBool::new(true);
        let options = Options::new(&limits).with_cancel(&cancel);
        let files = PackageFiles::open_sparse(dir.path(), &limits);
        assert!(matches!(
            verify_folder(&files, "vfw.ovf", &expected(), &options),
            Err(IntegrityError::Cancelled)
        ));
    }
}
