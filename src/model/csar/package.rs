//! A SOL004 CSAR opened for checking (a `.csar`/`.zip` or an unpacked folder), read in the
//! order Tacker reads it: the archive, `TOSCA.meta` or the root template, the VNFD, the
//! manifest and `TOSCA.meta` artifact entries with every digest computed, the manifest's
//! signature, and the BaseHOT template sets.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use x509_cert::Certificate;

use crate::foundation::diagnostics::Options;
use crate::foundation::limits::Limits;
use crate::input::integrity::digest::hash_stream;
use crate::input::integrity::{DigestAlgorithm, Hashed, IntegrityError, Tracker};
use crate::input::source::{PackageFiles, SourceError, signed_csar_layout};
use crate::model::hot::{HotSet, Roots, load_set};

use super::blocks::Block;
use super::digest;
use super::manifest::ManifestFile;
use super::meta::{ETSI_ENTRY_CERTIFICATE, ETSI_ENTRY_MANIFEST, META_PATH, ToscaMeta, VNFSDK_KEYS};
use super::signature::{self, SignatureError, Signer};
use super::vnfd::Vnfd;

/// The folder Tacker reads Base HOT templates from, one sub-folder per flavour.
pub const BASE_HOT: &str = "BaseHOT/";

/// One flavour folder of `BaseHOT/` and the template set it holds.
#[derive(Debug)]
pub struct BaseHot {
    /// The folder name (Tacker looks it up by flavour id, byte for byte).
    pub folder: String,
    /// The templates directly in the folder, with their nested templates.
    pub set: HotSet,
}

/// What a signature signs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signed {
    /// A manifest (index into [`Csar::manifests`]), by the CMS block closing it.
    Manifest(usize),
    /// The whole CSAR, by the `.cms` beside it in a signed zip ([`Csar::signed`]).
    Archive,
}

/// The outcome of checking one signature.
#[derive(Clone, Debug)]
pub struct SignatureCheck {
    /// What it signs.
    pub place: Signed,
    /// The signer, or why the signature does not verify.
    pub outcome: Result<Signer, SignatureError>,
}

/// A CSAR read for checking.
#[derive(Debug, Default)]
pub struct Csar {
    /// What the operator named.
    pub label: String,
    /// The archive's file name, where findings about the archive itself point.
    pub archive_name: Option<String>,
    /// Why the archive cannot be opened as a zip (then nothing else was read).
    pub archive_error: Option<String>,
    /// Every file, package-relative, sorted.
    pub names: Vec<String>,
    /// `TOSCA-Metadata/TOSCA.meta`, when the package has it.
    pub meta: Option<ToscaMeta>,
    /// The main template: `Entry-Definitions` when it exists, or the single root YAML.
    pub main_template: Option<String>,
    /// The VNFD read from the main template.
    pub vnfd: Option<Vnfd>,
    /// The manifests Tacker reads (named by `ETSI-Entry-Manifest`, or named like the
    /// main template in the layout without TOSCA-Metadata).
    pub manifests: Vec<ManifestFile>,
    /// Digests of every file an artifact entry names, by path.
    pub digests: BTreeMap<String, Hashed>,
    /// Stored archive entries whose bytes do not match their zip CRC-32.
    pub damaged: Vec<String>,
    /// Signature checks of manifests that carry a signature.
    pub signatures: Vec<SignatureCheck>,
    /// The flavour folders of `BaseHOT/`.
    pub base_hot: Vec<BaseHot>,
    /// The signed zip the CSAR came in (SOL004's second security option), when it did.
    pub signed: Option<super::signed::SignedArchive>,
}

/// Opens a `.csar`/`.zip` or an unpacked CSAR folder and reads everything the checks need,
/// with the options' limits, progress, cancellation and check time. Unsafe archives
/// (links, climbing names) and unreadable folders are errors; an archive that is not a
/// zip at all is kept as the finding Tacker would make first.
pub fn open_csar(path: &Path, options: &Options<'_>) -> Result<Csar, SourceError> {
    let limits = options.limits;
    let label = path.display().to_string();
    if !path.is_dir()
        && let Ok(outer) = PackageFiles::open_zip(path, limits)
        && signed_csar_layout(outer.names())
    {
        return super::signed::open_signed(path, options);
    }
    let files = if path.is_dir() {
        PackageFiles::open_dir(path, limits)?
    } else {
        match PackageFiles::open_zip(path, limits) {
            Ok(files) => files,
            Err(SourceError::BadArchive { reason, .. }) => {
                return Ok(Csar {
                    label,
                    archive_name: file_name(path),
                    archive_error: Some(reason),
                    ..Csar::default()
                });
            }
            Err(other) => return Err(other),
        }
    };
    let archive_name = if files.is_archive() {
        file_name(path)
    } else {
        None
    };
    read(&files, label, archive_name, options)
}

fn file_name(path: &Path) -> Option<String> {
    path.file_name().map(|n| n.to_string_lossy().into_owned())
}

/// Reads a CSAR from its files; certificates are judged at the options' time. The
/// metadata file and manifests must be readable within the limits, and every file an
/// artifact entry names must stream to its end (else the package is refused, as an OVF
/// descriptor is); VNFD files that cannot be read are findings.
pub fn read(
    files: &PackageFiles,
    label: String,
    archive_name: Option<String>,
    options: &Options<'_>,
) -> Result<Csar, SourceError> {
    let limits = options.limits;
    let mut csar = Csar {
        label,
        archive_name,
        names: files.names().to_vec(),
        ..Csar::default()
    };
    if files.contains(META_PATH) {
        let meta = ToscaMeta::parse(&files.read(META_PATH)?, &limits.yaml);
        csar.main_template = meta
            .yaml
            .is_ok()
            .then(|| meta.text_value(super::meta::ENTRY_DEFINITIONS))
            .flatten()
            .filter(|entry| files.contains(entry));
        csar.meta = Some(meta);
    } else if let [only] = csar.root_yaml().as_slice() {
        csar.main_template = Some((*only).to_owned());
    }
    if let Some(main) = &csar.main_template {
        csar.vnfd = Some(Vnfd::load(files, main, limits));
    }
    csar.read_manifests(files)?;
    csar.hash_artifacts(files, options)?;
    let checked_at = options
        .now
        .duration_since(std::time::SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    csar.check_signatures(files, checked_at);
    csar.load_base_hot(files, limits);
    Ok(csar)
}

impl Csar {
    /// YAML files at the package root (the layout without TOSCA-Metadata has exactly one).
    pub fn root_yaml(&self) -> Vec<&str> {
        self.names
            .iter()
            .filter(|n| !n.contains('/'))
            .filter(|n| {
                let lower = n.to_ascii_lowercase();
                lower.ends_with(".yaml") || lower.ends_with(".yml")
            })
            .map(String::as_str)
            .collect()
    }

    /// Whether the package has a file.
    pub fn contains(&self, name: &str) -> bool {
        self.names
            .binary_search_by(|n| n.as_str().cmp(name))
            .is_ok()
    }

    /// The manifest `TOSCA.meta` names: `ETSI-Entry-Manifest`, or vnfsdk's
    /// `Entry-Manifest` when only that is given.
    pub fn meta_manifest(&self) -> Option<(String, &'static str)> {
        let meta = self.meta.as_ref()?;
        let etsi = meta
            .text_value(ETSI_ENTRY_MANIFEST)
            .map(|v| (v, ETSI_ENTRY_MANIFEST));
        etsi.or_else(|| {
            meta.text_value(VNFSDK_KEYS[0].0)
                .map(|v| (v, VNFSDK_KEYS[0].0))
        })
    }

    /// `.mf` files anywhere in the package (Tacker's search in the layout without
    /// TOSCA-Metadata).
    pub fn manifest_files(&self) -> impl Iterator<Item = &str> {
        self.names
            .iter()
            .filter(|n| n.to_ascii_lowercase().ends_with(".mf"))
            .map(String::as_str)
    }

    fn read_manifests(&mut self, files: &PackageFiles) -> Result<(), SourceError> {
        let wanted: Vec<String> = if self.meta.is_some() {
            self.meta_manifest()
                .map(|(path, _)| path)
                .filter(|p| p.to_ascii_lowercase().ends_with(".mf") && files.contains(p))
                .into_iter()
                .collect()
        } else {
            let Some(main) = &self.main_template else {
                return Ok(());
            };
            let stem = strip_extension(main);
            self.manifest_files()
                .filter(|m| strip_extension(m) == stem)
                .map(str::to_owned)
                .collect()
        };
        for path in wanted {
            let bytes = files.read(&path)?;
            self.manifests.push(ManifestFile::parse(&path, &bytes));
        }
        Ok(())
    }

    /// Every artifact block Tacker checks: the manifest's, then `TOSCA.meta`'s, each with
    /// the file it is written in.
    pub fn artifact_blocks(&self) -> Vec<(&str, &Block)> {
        let mut out = Vec::new();
        for manifest in &self.manifests {
            out.extend(
                manifest
                    .blocks
                    .blocks
                    .iter()
                    .filter(|b| b.is_artifact())
                    .map(|b| (manifest.path.as_str(), b)),
            );
        }
        if let Some(meta) = &self.meta {
            out.extend(
                meta.blocks
                    .blocks
                    .iter()
                    .filter(|b| b.is_artifact())
                    .map(|b| (META_PATH, b)),
            );
        }
        out
    }

    /// Hashes each file named by an artifact entry once, with every algorithm asked for it.
    fn hash_artifacts(
        &mut self,
        files: &PackageFiles,
        options: &Options<'_>,
    ) -> Result<(), SourceError> {
        let mut wanted: BTreeMap<String, BTreeSet<DigestAlgorithm>> = BTreeMap::new();
        for (_, block) in self.artifact_blocks() {
            let artifact = block.artifact();
            let (Some(source), Some(algorithm)) = (artifact.source, artifact.algorithm) else {
                continue;
            };
            if let Some(algorithm) = digest::parse(&algorithm.value)
                && self.contains(&source.value)
            {
                wanted
                    .entry(source.value.clone())
                    .or_default()
                    .insert(algorithm);
            }
        }
        let total = wanted.keys().filter_map(|n| files.size(n)).sum();
        let tracker = Tracker::new(total, options);
        for (name, algorithms) in wanted {
            let algorithms: Vec<DigestAlgorithm> = algorithms.into_iter().collect();
            let hashed = files
                .stream(&name, |reader| {
                    hash_stream(reader, &algorithms, &tracker, &name)
                })
                .map_err(|e| read_failure(&self.label, e))?;
            self.digests.insert(name, hashed);
        }
        tracker.finish();
        self.damaged = files.damaged();
        Ok(())
    }

    /// Certificates the package carries beside its signatures: `ETSI-Entry-Certificate`,
    /// or a `.cert` named like the manifest.
    fn certificates(&self, files: &PackageFiles, manifest: &str) -> Vec<Certificate> {
        let named = self
            .meta
            .as_ref()
            .and_then(|m| m.text_value(ETSI_ENTRY_CERTIFICATE));
        let beside = format!("{}.cert", strip_extension(manifest));
        named
            .into_iter()
            .chain(std::iter::once(beside))
            .filter_map(|path| files.read(&path).ok())
            .flat_map(|bytes| signature::certificates_from_pem(&bytes))
            .collect()
    }

    fn check_signatures(&mut self, files: &PackageFiles, checked_at: std::time::Duration) {
        for (index, manifest) in self.manifests.iter().enumerate() {
            let Some(block) = &manifest.blocks.signature else {
                continue;
            };
            let outcome = if block.end.is_none() {
                Err(SignatureError::Unterminated)
            } else if block.trailing_text.is_some() {
                Err(SignatureError::TrailingText)
            } else {
                let certificates = self.certificates(files, &manifest.path);
                let mut first_error = None;
                let mut verified = None;
                for content in manifest.signed_contents() {
                    match signature::verify(&block.base64, content, &certificates, checked_at) {
                        Ok(signer) => {
                            verified = Some(signer);
                            break;
                        }
                        Err(error) => {
                            first_error.get_or_insert(error);
                        }
                    }
                }
                verified.ok_or_else(|| first_error.unwrap_or(SignatureError::NoSigner))
            };
            self.signatures.push(SignatureCheck {
                place: Signed::Manifest(index),
                outcome,
            });
        }
    }

    fn load_base_hot(&mut self, files: &PackageFiles, limits: &Limits) {
        let mut folders: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for name in &self.names {
            let Some(rest) = name.strip_prefix(BASE_HOT) else {
                continue;
            };
            let Some((folder, inside)) = rest.split_once('/') else {
                continue;
            };
            let roots = folders.entry(folder.to_owned()).or_default();
            let lower = inside.to_ascii_lowercase();
            if !inside.contains('/') && (lower.ends_with(".yaml") || lower.ends_with(".yml")) {
                roots.push(name.clone());
            }
        }
        for (folder, roots) in folders {
            let label = format!("{BASE_HOT}{folder}");
            let set = load_set(files, Roots::Given(roots), label, limits);
            self.base_hot.push(BaseHot { folder, set });
        }
    }

    /// The text of a package file vnfwiz read (metadata, manifests, VNFD, BaseHOT, the
    /// signature beside a signed CSAR).
    pub fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        if let Some((name, text)) = self.signed.as_ref().and_then(|s| s.signature.as_ref())
            && name == file
        {
            return Some(Cow::Borrowed(text.as_str()));
        }
        if file == META_PATH {
            return self.meta.as_ref().map(|m| Cow::Borrowed(m.text.as_str()));
        }
        if let Some(manifest) = self.manifests.iter().find(|m| m.path == file) {
            return Some(Cow::Borrowed(manifest.text.as_str()));
        }
        if let Some(vnfd_file) = self
            .vnfd
            .iter()
            .flat_map(|v| v.files.iter())
            .find(|f| f.path == file)
        {
            return Some(Cow::Borrowed(vnfd_file.text.as_str()));
        }
        self.base_hot
            .iter()
            .find_map(|b| b.set.find(file).map(|id| b.set.files[id].text()))
    }

    /// How many files were read and checked.
    pub fn files_checked(&self) -> usize {
        usize::from(self.meta.is_some())
            + self.manifests.len()
            + self.vnfd.as_ref().map_or(0, |v| v.files.len())
            + self
                .base_hot
                .iter()
                .map(|b| b.set.files.iter().filter(|f| f.document.is_some()).count())
                .sum::<usize>()
    }
}

/// A hashing failure as the package reader's error: the package's own (a read failure,
/// the archive budget), or a cancelled run.
fn read_failure(label: &str, error: IntegrityError) -> SourceError {
    match error {
        IntegrityError::Source(source) => source,
        IntegrityError::Read { file, source } => SourceError::Io {
            path: Path::new(&file).to_path_buf(),
            source,
        },
        other => SourceError::Io {
            path: Path::new(label).to_path_buf(),
            source: std::io::Error::other(other.to_string()),
        },
    }
}

/// A path without its last extension (`Definitions/top.yaml` → `Definitions/top`).
pub fn strip_extension(path: &str) -> &str {
    let name_start = path.rfind('/').map_or(0, |i| i + 1);
    match path[name_start..].rfind('.') {
        Some(dot) if dot > 0 => &path[..name_start + dot],
        _ => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions() {
        assert_eq!(strip_extension("vnfd.yaml"), "vnfd");
        assert_eq!(strip_extension("a/b.c/top.vnfd.yaml"), "a/b.c/top.vnfd");
        assert_eq!(strip_extension("a/.hidden"), "a/.hidden");
        assert_eq!(strip_extension("noext"), "noext");
    }
}
