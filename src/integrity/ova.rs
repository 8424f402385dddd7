//! An OVA read in one pass without extracting: each entry is hashed as it streams past,
//! the descriptor, manifest and certificate are kept in memory (within limits), and the
//! package is judged once the descriptor's References are known.

use std::collections::HashMap;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::declared::ExpectedFile;
use super::digest::{DigestAlgorithm, Hashed, Hasher, hash_stream};
use super::error::IntegrityError;
use super::folder::read_limited;
use super::manifest::Manifest;
use super::progress::{Options, Tracker};
use super::verify::{Contents, IntegrityReport, companion_names, evaluate};
use crate::source::SourceError;
use crate::source::tar::read_tar;

/// A file kept in memory.
#[derive(Clone, Debug)]
struct Kept {
    name: String,
    bytes: Vec<u8>,
}

/// What one pass over an OVA read: the descriptor's text and every entry's size and digests.
#[derive(Debug)]
pub struct OvaScan {
    archive: PathBuf,
    descriptor: Kept,
    manifest: Option<(Kept, Manifest)>,
    certificate: Option<Kept>,
    entries: Vec<String>,
    sizes: HashMap<String, u64>,
    hashed: HashMap<String, Hashed>,
}

/// Reads an OVA file once, hashing every entry as it streams (see [`scan_ova_stream`]).
pub fn scan_ova(path: &Path, options: &Options<'_>) -> Result<OvaScan, IntegrityError> {
    let io = |source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(io)?;
    let total = file.metadata().map_err(io)?.len();
    scan_ova_stream(path, &mut file, total, options)
}

/// Reads an OVA from any byte stream (a file, a pipe, a download) in one pass, never
/// seeking, hashing every entry as it streams; `path` names it in messages and `total` is
/// its length for progress. Until the manifest has been seen (it normally follows the
/// descriptor) entries are hashed with SHA-1, SHA-256 and SHA-512 alike, since the manifest
/// may come last; after it, only with the algorithms it lists.
pub fn scan_ova_stream(
    path: &Path,
    source: &mut dyn Read,
    total: u64,
    options: &Options<'_>,
) -> Result<OvaScan, IntegrityError> {
    let tracker = Tracker::new(total, options);
    let limits = options.limits;

    let mut descriptor: Option<Kept> = None;
    let mut manifest: Option<(Kept, Manifest)> = None;
    let mut certificate: Option<Kept> = None;
    let mut entries: Vec<String> = Vec::new();
    let mut sizes: HashMap<String, u64> = HashMap::new();
    let mut hashed: HashMap<String, Hashed> = HashMap::new();

    read_tar(path, source, limits, |entry| {
        let name = entry.name().to_owned();
        let lower = name.to_ascii_lowercase();
        let companions = descriptor.as_ref().map(|d| companion_names(&d.name));
        let is_companion = |wanted: Option<&String>, extension: &str| match wanted {
            Some(wanted) => *wanted == name,
            None => lower.ends_with(extension),
        };
        let keep = |entry: &mut dyn Read, limit: u64| -> Result<Kept, IntegrityError> {
            let bytes = read_limited(entry, &name, limit)?;
            tracker.advance(bytes.len() as u64);
            Ok(Kept {
                name: name.clone(),
                bytes,
            })
        };
        if descriptor.is_none() && lower.ends_with(".ovf") {
            if entry.size() > limits.max_file_bytes {
                return Err(SourceError::TooLarge {
                    path: name.clone(),
                    size: entry.size(),
                    limit: limits.max_file_bytes,
                }
                .into());
            }
            let kept = keep(entry, limits.max_file_bytes)?;
            hashed.insert(name.clone(), hash_kept(&kept.bytes));
            descriptor = Some(kept);
        } else if manifest.is_none() && is_companion(companions.as_ref().map(|c| &c.0), ".mf") {
            let kept = keep(entry, limits.max_manifest_bytes)?;
            hashed.insert(name.clone(), hash_kept(&kept.bytes));
            let parsed = Manifest::parse(&kept.name, &kept.bytes);
            manifest = Some((kept, parsed));
        } else if certificate.is_none() && is_companion(companions.as_ref().map(|c| &c.1), ".cert")
        {
            let kept = keep(entry, limits.max_manifest_bytes)?;
            hashed.insert(name.clone(), hash_kept(&kept.bytes));
            certificate = Some(kept);
        } else {
            // The manifest decides the algorithms only once it is known to be the
            // descriptor's own (both seen, names matching).
            let algorithms = match (&manifest, &companions) {
                (Some((kept, parsed)), Some((wanted, _))) if kept.name == *wanted => {
                    parsed.algorithms_for(&name)
                }
                _ => DigestAlgorithm::ALL.to_vec(),
            };
            let digest = hash_stream(entry, &algorithms, &tracker, &name)?;
            if !algorithms.is_empty() {
                hashed.insert(name.clone(), digest);
            }
        }
        sizes.insert(name.clone(), entry.size());
        entries.push(name);
        Ok::<(), IntegrityError>(())
    })?;
    tracker.finish();

    let descriptor = descriptor.ok_or_else(|| IntegrityError::NoDescriptor {
        archive: path.to_path_buf(),
    })?;
    let (manifest_name, certificate_name) = companion_names(&descriptor.name);
    // A manifest or certificate met before the descriptor counts only if it is its own.
    let manifest = manifest.filter(|(kept, _)| kept.name == manifest_name);
    let certificate = certificate.filter(|kept| kept.name == certificate_name);
    Ok(OvaScan {
        archive: path.to_path_buf(),
        descriptor,
        manifest,
        certificate,
        entries,
        sizes,
        hashed,
    })
}

/// All digests of a small file held in memory.
fn hash_kept(bytes: &[u8]) -> Hashed {
    let mut hasher = Hasher::new(&DigestAlgorithm::ALL);
    hasher.update(bytes);
    Hashed {
        size: bytes.len() as u64,
        digests: hasher.finish(),
    }
}

impl OvaScan {
    /// The archive read.
    pub fn archive(&self) -> &Path {
        &self.archive
    }

    /// The descriptor's entry name (the first `.ovf` in the archive).
    pub fn descriptor_name(&self) -> &str {
        &self.descriptor.name
    }

    /// The descriptor's bytes, for the OVF model to parse.
    pub fn descriptor(&self) -> &[u8] {
        &self.descriptor.bytes
    }

    /// Every file of the archive, in archive order.
    pub fn entries(&self) -> &[String] {
        &self.entries
    }

    /// Judges the package against the References the descriptor declares.
    pub fn verify(&self, expected: &[ExpectedFile], options: &Options<'_>) -> IntegrityReport {
        let size_of = |name: &str| self.sizes.get(name).copied();
        let contents = Contents {
            descriptor: &self.descriptor.name,
            manifest: self
                .manifest
                .as_ref()
                .map(|(kept, parsed)| (kept.name.as_str(), kept.bytes.as_slice(), parsed)),
            certificate: self
                .certificate
                .as_ref()
                .map(|kept| (kept.name.as_str(), kept.bytes.as_slice())),
            size_of: &size_of,
            hashed: &self.hashed,
            archive_entries: &self.entries,
            max_parts: options.limits.max_archive_entries,
            now: options.now,
        };
        evaluate(&contents, expected)
    }
}
