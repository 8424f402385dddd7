//! An OVA read without extracting, its data once: each entry is hashed as it streams past,
//! the descriptor, manifest and certificate are kept in memory (within limits), and the
//! package is judged once the descriptor's References are known.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::declared::ExpectedFile;
use super::digest::{DigestAlgorithm, Hashed, Hasher, hash_stream};
use super::error::IntegrityError;
use super::folder::read_limited;
use super::manifest::Manifest;
use super::progress::Tracker;
use super::verify::{Contents, IntegrityReport, companion_names, evaluate};
use crate::foundation::diagnostics::Options;
use crate::input::source::SourceError;
use crate::input::source::tar::{TarEntry, read_tar, read_tar_file};

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
    /// Where each entry's data starts, parallel to `entries`.
    data_offsets: Vec<u64>,
    hashed: HashMap<String, Hashed>,
}

/// One file of an OVA as listed by a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OvaEntry<'s> {
    /// Package-relative name.
    pub name: &'s str,
    /// Size in bytes.
    pub size: u64,
    /// Where its data starts in the archive.
    pub data_offset: u64,
}

/// What is known about the manifest before an entry is hashed.
enum Foresight {
    /// Nothing: the manifest may still come, so every algorithm is computed.
    Unknown,
    /// A look at the headers found the descriptor's manifest (`None`: it has none).
    Known(Option<Manifest>),
}

/// Reads an OVA file, hashing every entry's data once. First the headers alone are walked
/// (seeking over data) up to the descriptor's manifest, so that each disk is hashed with
/// exactly the algorithms the manifest lists even when the manifest is the last entry (as
/// VirtualBox writes it); entries the manifest does not list are seeked over, not read.
pub fn scan_ova(path: &Path, options: &Options<'_>) -> Result<OvaScan, IntegrityError> {
    let io = |source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    let total = file.metadata().map_err(io)?.len();
    let foresight = find_manifest(path, &file, options)?;
    (&file).seek(SeekFrom::Start(0)).map_err(io)?;
    let mut scanner = Scanner::new(total, foresight, options);
    read_tar_file(path, &file, options.limits, |entry| scanner.visit(entry))?;
    scanner.finish(path)
}

/// Reads an OVA from any byte stream (a pipe, a download) in one pass, never seeking,
/// hashing every entry as it streams; `path` names it in messages and `total` is its length
/// for progress. Until the manifest has been seen (it normally follows the descriptor)
/// entries are hashed with SHA-1, SHA-256 and SHA-512 alike, since the manifest may come
/// last; after it, only with the algorithms it lists.
pub fn scan_ova_stream(
    path: &Path,
    source: &mut dyn Read,
    total: u64,
    options: &Options<'_>,
) -> Result<OvaScan, IntegrityError> {
    let mut scanner = Scanner::new(total, Foresight::Unknown, options);
    read_tar(path, source, options.limits, |entry| scanner.visit(entry))?;
    scanner.finish(path)
}

/// Why the header walk stopped.
enum Lookahead {
    /// The manifest was read.
    Found(Manifest),
    /// The archive failed.
    Failed(IntegrityError),
}

impl From<SourceError> for Lookahead {
    fn from(error: SourceError) -> Lookahead {
        Lookahead::Failed(error.into())
    }
}

/// Walks the headers (seeking over data) until the descriptor's manifest, and parses it.
fn find_manifest(
    path: &Path,
    file: &File,
    options: &Options<'_>,
) -> Result<Foresight, IntegrityError> {
    let limits = options.limits;
    let mut manifest_name: Option<String> = None;
    let walked = read_tar_file(path, file, limits, |entry| {
        let name = entry.name().to_owned();
        match &manifest_name {
            None if name.to_ascii_lowercase().ends_with(".ovf") => {
                manifest_name = Some(companion_names(&name).0);
            }
            Some(wanted) if *wanted == name => {
                let bytes = read_limited(entry, &name, limits.max_manifest_bytes)
                    .map_err(Lookahead::Failed)?;
                return Err(Lookahead::Found(Manifest::parse(&name, &bytes)));
            }
            _ => {}
        }
        Ok(())
    });
    match walked {
        Ok(_) => Ok(Foresight::Known(None)),
        Err(Lookahead::Found(manifest)) => Ok(Foresight::Known(Some(manifest))),
        Err(Lookahead::Failed(error)) => Err(error),
    }
}

/// Collects what one pass over the archive shows.
struct Scanner<'t> {
    tracker: Tracker<'t>,
    limits: &'t crate::foundation::limits::Limits,
    foresight: Foresight,
    descriptor: Option<Kept>,
    manifest: Option<(Kept, Manifest)>,
    certificate: Option<Kept>,
    entries: Vec<String>,
    sizes: HashMap<String, u64>,
    /// Where each entry's data starts, parallel to `entries`.
    data_offsets: Vec<u64>,
    hashed: HashMap<String, Hashed>,
}

impl<'t> Scanner<'t> {
    fn new(total: u64, foresight: Foresight, options: &Options<'t>) -> Scanner<'t> {
        Scanner {
            tracker: Tracker::new(total, options),
            limits: options.limits,
            foresight,
            descriptor: None,
            manifest: None,
            certificate: None,
            entries: Vec::new(),
            sizes: HashMap::new(),
            data_offsets: Vec::new(),
            hashed: HashMap::new(),
        }
    }

    /// Keeps a small entry in memory (within `limit`), with all its digests.
    fn keep(&mut self, entry: &mut TarEntry<'_, '_>, limit: u64) -> Result<Kept, IntegrityError> {
        let name = entry.name().to_owned();
        let bytes = read_limited(entry, &name, limit)?;
        self.tracker.advance(bytes.len() as u64);
        self.hashed.insert(name.clone(), hash_kept(&bytes));
        Ok(Kept { name, bytes })
    }

    /// The algorithms an entry must be hashed with.
    fn algorithms_for(&self, name: &str) -> Vec<DigestAlgorithm> {
        let wanted = self.descriptor.as_ref().map(|d| companion_names(&d.name).0);
        match (&self.manifest, &self.foresight) {
            // The descriptor's own manifest, already read in this pass.
            (Some((kept, parsed)), _) if Some(&kept.name) == wanted.as_ref() => {
                parsed.algorithms_for(name)
            }
            (_, Foresight::Known(Some(parsed))) => parsed.algorithms_for(name),
            (_, Foresight::Known(None)) => Vec::new(),
            (_, Foresight::Unknown) => DigestAlgorithm::OVF.to_vec(),
        }
    }

    fn visit(&mut self, entry: &mut TarEntry<'_, '_>) -> Result<(), IntegrityError> {
        let name = entry.name().to_owned();
        // Nothing of the entry has been read yet, so this is where its data starts.
        let data_offset = entry.archive_position();
        let lower = name.to_ascii_lowercase();
        let companions = self.descriptor.as_ref().map(|d| companion_names(&d.name));
        let is_companion = |wanted: Option<&String>, extension: &str| match wanted {
            Some(wanted) => *wanted == name,
            None => lower.ends_with(extension),
        };
        if self.descriptor.is_none() && lower.ends_with(".ovf") {
            if entry.size() > self.limits.max_file_bytes {
                return Err(SourceError::TooLarge {
                    path: name,
                    size: entry.size(),
                    limit: self.limits.max_file_bytes,
                }
                .into());
            }
            let kept = self.keep(entry, self.limits.max_file_bytes)?;
            // A manifest or certificate met before the descriptor stays one only if it is
            // the descriptor's own; otherwise it is an ordinary entry (already hashed).
            let (manifest_name, certificate_name) = companion_names(&kept.name);
            self.manifest.take_if(|(m, _)| m.name != manifest_name);
            self.certificate.take_if(|c| c.name != certificate_name);
            self.descriptor = Some(kept);
        } else if self.manifest.is_none() && is_companion(companions.as_ref().map(|c| &c.0), ".mf")
        {
            let kept = self.keep(entry, self.limits.max_manifest_bytes)?;
            let parsed = Manifest::parse(&kept.name, &kept.bytes);
            self.manifest = Some((kept, parsed));
        } else if self.certificate.is_none()
            && is_companion(companions.as_ref().map(|c| &c.1), ".cert")
        {
            self.certificate = Some(self.keep(entry, self.limits.max_manifest_bytes)?);
        } else {
            let algorithms = self.algorithms_for(&name);
            // Data nobody needs is left to the archive reader, which seeks over it in a file.
            if !algorithms.is_empty() {
                let hashed = hash_stream(entry, &algorithms, &self.tracker, &name)?;
                self.hashed.insert(name.clone(), hashed);
            } else {
                self.tracker.check()?;
            }
        }
        self.sizes.insert(name.clone(), entry.size());
        self.entries.push(name);
        self.data_offsets.push(data_offset);
        Ok(())
    }

    fn finish(self, path: &Path) -> Result<OvaScan, IntegrityError> {
        self.tracker.finish();
        let descriptor = self
            .descriptor
            .ok_or_else(|| IntegrityError::NoDescriptor {
                archive: path.to_path_buf(),
            })?;
        let (manifest_name, certificate_name) = companion_names(&descriptor.name);
        // A manifest or certificate met before the descriptor counts only if it is its own.
        let manifest = self.manifest.filter(|(kept, _)| kept.name == manifest_name);
        let certificate = self
            .certificate
            .filter(|kept| kept.name == certificate_name);
        Ok(OvaScan {
            archive: path.to_path_buf(),
            descriptor,
            manifest,
            certificate,
            entries: self.entries,
            sizes: self.sizes,
            data_offsets: self.data_offsets,
            hashed: self.hashed,
        })
    }
}

/// All digests of a small file held in memory.
fn hash_kept(bytes: &[u8]) -> Hashed {
    let mut hasher = Hasher::new(&DigestAlgorithm::OVF);
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

    /// Every file of the archive in archive order with its size and data offset, so a
    /// small entry can be read again by seeking, without walking the archive.
    pub fn listing(&self) -> impl Iterator<Item = OvaEntry<'_>> {
        self.entries
            .iter()
            .zip(&self.data_offsets)
            .map(|(name, &data_offset)| OvaEntry {
                name,
                size: self.sizes.get(name).copied().unwrap_or_default(),
                data_offset,
            })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::input::integrity::findings::Finding;
    use crate::input::integrity::test_packages::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// A stream that can only be read forward, counting what was read.
    struct Forward<'a> {
        data: &'a [u8],
        read: usize,
    }

    impl Read for Forward<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = (&self.data[self.read..]).read(buf)?;
            self.read += n;
            Ok(n)
        }
    }

    fn scan_bytes(bytes: &[u8], options: &Options<'_>) -> Result<OvaScan, IntegrityError> {
        let mut stream = Forward {
            data: bytes,
            read: 0,
        };
        let scan = scan_ova_stream(
            Path::new("vfw.ova"),
            &mut stream,
            bytes.len() as u64,
            options,
        );
        // One pass: nothing is read twice (the stream cannot seek) or past the end marker.
        assert!(stream.read <= bytes.len());
        scan
    }

    /// The same bytes scanned from a file (headers looked at first, unread data seeked over).
    fn scan_file(bytes: &[u8], options: &Options<'_>) -> Result<OvaScan, IntegrityError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("vfw.ova");
        std::fs::write(&path, bytes).unwrap();
        scan_ova(&path, options)
    }

    /// Checks a package as a stream and as a file; both must report the same.
    fn check(files: &[(String, Vec<u8>)]) -> IntegrityReport {
        let limits = Limits::default();
        let options = Options::new(&limits);
        let bytes = ova(files);
        let streamed = scan_bytes(&bytes, &options)
            .unwrap()
            .verify(&expected(), &options);
        let from_file = scan_file(&bytes, &options)
            .unwrap()
            .verify(&expected(), &options);
        assert_eq!(streamed.findings, from_file.findings);
        assert_eq!(streamed.signature, from_file.signature);
        from_file
    }

    fn ids(report: &IntegrityReport) -> Vec<(&str, &str)> {
        report
            .findings
            .iter()
            .map(|f| (f.rule().id, f.file()))
            .collect()
    }

    #[test]
    fn a_signed_ova_verifies_in_one_pass() {
        let limits = Limits::default();
        let options = Options::new(&limits);
        let scan = scan_bytes(&ova(&signed(files())), &options).unwrap();
        assert_eq!(scan.descriptor_name(), "vfw.ovf");
        assert_eq!(scan.descriptor(), DESCRIPTOR.as_bytes());
        assert_eq!(
            scan.entries(),
            [
                "vfw.ovf",
                "vfw.mf",
                "vfw.cert",
                "vfw-system.vmdk",
                "vfw-config.iso"
            ]
        );
        let report = scan.verify(&expected(), &options);
        assert_eq!(ids(&report), [("OVF-self-signed", "vfw.cert")]);
        assert!(report.signature.unwrap().verified);
    }

    #[test]
    fn a_corrupted_byte_in_a_disk_is_a_digest_error_naming_it_without_temporary_files() {
        let mut package = signed(files());
        corrupt(&mut package, "vfw-system.vmdk");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("vfw.ova");
        std::fs::write(&path, ova(&package)).unwrap();
        let limits = Limits::default();
        let options = Options::new(&limits);
        let report = scan_ova(&path, &options)
            .unwrap()
            .verify(&expected(), &options);
        assert_eq!(
            ids(&report),
            [
                ("OVF-digest-mismatch", "vfw-system.vmdk"),
                ("OVF-self-signed", "vfw.cert")
            ]
        );
        assert!(report.findings[0].to_string().contains("vfw-system.vmdk"));
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "nothing but the OVA is in its folder");
    }

    #[test]
    fn a_tampered_manifest_fails_its_signature() {
        let mut package = signed(files());
        corrupt(&mut package, "vfw-system.vmdk");
        // The attacker also rewrites the manifest to match the altered disk.
        let unsigned: Vec<_> = package
            .iter()
            .filter(|(n, _)| !n.ends_with(".mf") && !n.ends_with(".cert"))
            .cloned()
            .collect();
        replace(
            &mut package,
            "vfw.mf",
            manifest(&unsigned, DigestAlgorithm::Sha256),
        );
        let report = check(&package);
        assert_eq!(
            ids(&report),
            [
                ("OVF-self-signed", "vfw.cert"),
                ("OVF-signature-mismatch", "vfw.cert")
            ]
        );
        assert!(!report.signature.unwrap().verified);
    }

    #[test]
    fn a_manifest_at_the_end_still_verifies_each_algorithm() {
        for algorithm in DigestAlgorithm::OVF {
            let mut package = files();
            let mf = manifest(&package, algorithm);
            package.push(("vfw.mf".to_owned(), mf));
            let report = check(&package);
            assert!(
                report.findings.is_empty(),
                "{algorithm}: {:?}",
                report.findings
            );
            let mut broken = package.clone();
            corrupt(&mut broken, "vfw-config.iso");
            let report = check(&broken);
            assert_eq!(ids(&report), [("OVF-digest-mismatch", "vfw-config.iso")]);
        }
    }

    #[test]
    fn the_descriptor_should_come_first() {
        let mut package = signed(files());
        package.rotate_left(3);
        let report = check(&package);
        assert_eq!(
            ids(&report),
            [
                ("OVF-self-signed", "vfw.cert"),
                ("OVF-descriptor-not-first", "vfw.ovf")
            ]
        );
        assert!(report.findings[1].to_string().contains("vfw-system.vmdk"));
    }

    #[test]
    fn stray_entries_missing_disks_and_no_manifest_are_reported() {
        let mut package = signed(files());
        package.push(("notes.txt".to_owned(), b"build 7.2".to_vec()));
        let report = check(&package);
        assert_eq!(
            ids(&report),
            [
                ("OVF-unlisted-file", "notes.txt"),
                ("OVF-self-signed", "vfw.cert")
            ]
        );
        let bare: Vec<_> = files().into_iter().take(2).collect();
        let report = check(&bare);
        assert_eq!(
            ids(&report),
            [
                ("OVF-reference-absent", "vfw-config.iso"),
                ("OVF-no-manifest", "vfw.ovf")
            ]
        );
        assert_eq!(
            report.findings[1],
            Finding::NoManifest {
                descriptor: "vfw.ovf".into(),
                expected: "vfw.mf".into()
            }
        );
    }

    #[test]
    fn hostile_and_broken_archives_stop_the_scan() {
        let limits = Limits::default();
        let options = Options::new(&limits);
        let mut builder = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_ustar();
        header.set_size(DESCRIPTOR.len() as u64);
        builder
            .append_data(&mut header, "vfw.ovf", DESCRIPTOR.as_bytes())
            .unwrap();
        let mut link = tar::Header::new_ustar();
        link.set_entry_type(tar::EntryType::Symlink);
        link.set_size(0);
        builder
            .append_link(&mut link, "vfw-system.vmdk", "/dev/sda")
            .unwrap();
        let hostile = builder.into_inner().unwrap();
        let error = scan_bytes(&hostile, &options).unwrap_err();
        assert!(error.to_string().contains("symbolic link"), "{error}");

        let whole = ova(&signed(files()));
        let error = scan_bytes(&whole[..whole.len() / 2], &options).unwrap_err();
        assert!(
            matches!(error, IntegrityError::Source(SourceError::Truncated { .. })),
            "{error}"
        );
        assert!(error.to_string().contains("vfw-system.vmdk"), "{error}");

        let no_descriptor = ova(&files()[1..]);
        assert!(matches!(
            scan_bytes(&no_descriptor, &options),
            Err(IntegrityError::NoDescriptor { .. })
        ));
    }

    #[test]
    fn the_manifest_and_descriptor_limits_are_enforced() {
        let bytes = ova(&signed(files()));
        let small = Limits {
            max_manifest_bytes: 100,
            ..Limits::default()
        };
        let error = scan_bytes(&bytes, &Options::new(&small)).unwrap_err();
        assert!(matches!(error, IntegrityError::TooLarge { limit: 100, .. }));
        let tiny = Limits {
            max_file_bytes: 100,
            ..Limits::default()
        };
        let error = scan_bytes(&bytes, &Options::new(&tiny)).unwrap_err();
        assert!(matches!(
            error,
            IntegrityError::Source(SourceError::TooLarge { limit: 100, .. })
        ));
    }

    #[test]
    fn from_a_file_unlisted_data_is_never_read() {
        let limits = Limits::default();
        let options = Options::new(&limits);
        let bytes = ova(&files());
        let report = scan_file(&bytes, &options)
            .unwrap()
            .verify(&expected(), &options);
        assert_eq!(ids(&report), [("OVF-no-manifest", "vfw.ovf")]);
        // Only the descriptor was read; both disks were seeked over.
        assert_eq!(report.bytes_hashed, DESCRIPTOR.len() as u64);
        let streamed = scan_bytes(&bytes, &options)
            .unwrap()
            .verify(&expected(), &options);
        assert_eq!(
            streamed.bytes_hashed,
            (DESCRIPTOR.len() + 700_000 + 4096) as u64
        );
    }

    #[test]
    fn from_a_file_a_manifest_at_the_end_is_read_first() {
        let mut package = files();
        let mf = manifest(&package[..2], DigestAlgorithm::Sha512);
        package.push(("vfw.mf".to_owned(), mf));
        let limits = Limits::default();
        let options = Options::new(&limits);
        let scan = scan_file(&ova(&package), &options).unwrap();
        let report = scan.verify(&expected(), &options);
        assert_eq!(ids(&report), [("OVF-unlisted-file", "vfw-config.iso")]);
        // The unlisted ISO was not hashed; the disk only with SHA-512.
        let disk = &scan.hashed["vfw-system.vmdk"];
        assert!(disk.digests.get(DigestAlgorithm::Sha512).is_some());
        assert!(disk.digests.get(DigestAlgorithm::Sha256).is_none());
        assert!(!scan.hashed.contains_key("vfw-config.iso"));
    }

    #[test]
    fn from_a_file_truncation_in_unread_data_is_still_caught() {
        let limits = Limits::default();
        let options = Options::new(&limits);
        let bytes = ova(&files());
        let error = scan_file(&bytes[..bytes.len() / 2], &options).unwrap_err();
        assert!(
            matches!(error, IntegrityError::Source(SourceError::Truncated { .. })),
            "{error}"
        );
    }

    #[test]
    fn the_model_parses_the_scanned_descriptor_and_its_references_are_verified() {
        let limits = Limits::default();
        let options = Options::new(&limits);
        let mut package = signed(files());
        corrupt(&mut package, "vfw-config.iso");
        let scan = scan_file(&ova(&package), &options).unwrap();
        let descriptor = crate::model::ovf::parse(scan.descriptor(), &limits.xml);
        let envelope = descriptor.envelope.unwrap();
        let expected: Vec<ExpectedFile> =
            envelope.references.iter().map(ExpectedFile::from).collect();
        let report = scan.verify(&expected, &options);
        assert_eq!(
            ids(&report),
            [
                ("OVF-digest-mismatch", "vfw-config.iso"),
                ("OVF-self-signed", "vfw.cert")
            ]
        );
    }

    #[test]
    fn a_stray_manifest_before_the_descriptor_does_not_hide_the_real_one() {
        let mut package = signed(files());
        package.insert(0, ("old.mf".to_owned(), b"SHA1(x)= 00\n".to_vec()));
        let report = check(&package);
        assert_eq!(report.manifest.as_deref(), Some("vfw.mf"));
        assert_eq!(
            ids(&report),
            [
                ("OVF-unlisted-file", "old.mf"),
                ("OVF-self-signed", "vfw.cert"),
                ("OVF-descriptor-not-first", "vfw.ovf")
            ]
        );
    }

    #[test]
    fn cancelling_stops_the_stream() {
        let limits = Limits::default();
        let cancel = AtomicBool::new(false);
        let stop = |done: u64, _: u64| {
            if done > 300_000 {
                cancel.store(true, Ordering::Relaxed);
            }
        };
        let options = Options::new(&limits)
            .with_progress(&stop)
            .with_cancel(&cancel);
        let bytes = ova(&signed(files()));
        assert!(matches!(
            scan_bytes(&bytes, &options),
            Err(IntegrityError::Cancelled)
        ));
    }
}
