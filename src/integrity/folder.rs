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
use super::progress::{Options, Tracker};
use super::verify::{Contents, IntegrityReport, companion_names, evaluate};
use crate::source::PackageFiles;

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
