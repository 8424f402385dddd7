//! Judging a package: what the descriptor declares, what the manifest lists, what is stored
//! and what was hashed, turned into findings. Shared by folders and OVAs.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::SystemTime;

use super::certificate::{SignatureInfo, check_certificate};
use super::declared::{ExpectedFile, stored_parts};
use super::digest::{Hashed, to_hex};
use super::findings::{Finding, WantedBy};
use super::manifest::Manifest;
use crate::input::source::path::{PathError, resolve};

/// What the check says about one file's digest, from best to worst (a chunked file takes
/// the worst of its chunks). Serialised in snake case (`not_listed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DigestStatus {
    /// Every digest the manifest lists for the file matches.
    Verified,
    /// The package has no manifest, so nothing was compared.
    NoManifest,
    /// The file is stored but the manifest has no digest for it.
    NotListed,
    /// The file is expected (by the descriptor or the manifest) but not stored.
    Missing,
    /// A digest differs from the manifest's.
    Mismatch,
}

impl DigestStatus {
    /// The status in words (`not listed`), as `inspect` shows it.
    pub fn label(self) -> &'static str {
        match self {
            DigestStatus::Verified => "verified",
            DigestStatus::NoManifest => "no manifest",
            DigestStatus::NotListed => "not listed",
            DigestStatus::Missing => "missing",
            DigestStatus::Mismatch => "mismatch",
        }
    }
}

/// A manifest or certificate as it was read and checked, kept so its lines can be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptText {
    /// Package-relative name.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The outcome of an integrity check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntegrityReport {
    /// The descriptor, package-relative.
    pub descriptor: String,
    /// The manifest, when the package has one.
    pub manifest: Option<String>,
    /// The certificate file, when the package has one.
    pub certificate: Option<String>,
    /// The signer and the signature check, when the certificate could be read.
    pub signature: Option<SignatureInfo>,
    /// Every problem found, sorted by file and rule.
    pub findings: Vec<Finding>,
    /// Files whose digests were computed.
    pub files_hashed: usize,
    /// Bytes hashed.
    pub bytes_hashed: u64,
    /// The digest status of every file the check looked at (the descriptor, what it
    /// references, what the manifest lists and, in an OVA, every entry), by
    /// package-relative name; the manifest and certificate themselves are not included.
    pub statuses: BTreeMap<String, DigestStatus>,
    /// The manifest and certificate as read.
    pub texts: Vec<KeptText>,
}

impl IntegrityReport {
    /// True when any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity() == crate::foundation::diagnostics::Severity::Error)
    }

    /// The digest status of a stored file (or one expected but missing).
    pub fn status(&self, name: &str) -> Option<DigestStatus> {
        self.statuses.get(name).copied()
    }

    /// The bytes of the manifest or certificate named `name`, as checked.
    pub fn text(&self, name: &str) -> Option<&[u8]> {
        self.texts
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.bytes.as_slice())
    }
}

/// The manifest (`vm.mf`) and certificate (`vm.cert`) names that go with a descriptor.
pub(crate) fn companion_names(descriptor: &str) -> (String, String) {
    let file_start = descriptor.rfind('/').map_or(0, |at| at + 1);
    let stem = match descriptor[file_start..].rfind('.') {
        Some(dot) if dot > 0 => &descriptor[..file_start + dot],
        _ => descriptor,
    };
    (format!("{stem}.mf"), format!("{stem}.cert"))
}

/// Everything known about a package once it has been read and hashed.
pub(crate) struct Contents<'a> {
    /// The descriptor's name.
    pub descriptor: &'a str,
    /// The manifest's name, bytes and parse, when present.
    pub manifest: Option<(&'a str, &'a [u8], &'a Manifest)>,
    /// The certificate's name and bytes, when present.
    pub certificate: Option<(&'a str, &'a [u8])>,
    /// The stored size of a file, `None` when it is not in the package.
    pub size_of: &'a dyn Fn(&str) -> Option<u64>,
    /// Digests of the files that were hashed.
    pub hashed: &'a HashMap<String, Hashed>,
    /// For an OVA, every stored file in archive order; empty for a folder, where the
    /// package is what the descriptor references.
    pub archive_entries: &'a [String],
    /// Most chunks expected of one file.
    pub max_parts: usize,
    /// When certificates are judged.
    pub now: SystemTime,
}

/// Compares declarations, manifest, stored files and digests.
pub(crate) fn evaluate(contents: &Contents<'_>, expected: &[ExpectedFile]) -> IntegrityReport {
    let mut findings = Vec::new();
    let manifest = contents.manifest;
    let listed = |file: &str| manifest.is_none_or(|(_, _, m)| m.lists(file));
    let mut missing: HashSet<String> = HashSet::new();
    let mut unlisted: HashSet<String> = HashSet::new();
    let mut statuses: BTreeMap<String, DigestStatus> = BTreeMap::new();
    // A stored file's status before its digests are compared.
    let stored_status = |file: &str| match manifest {
        None => DigestStatus::NoManifest,
        Some(_) if !listed(file) => DigestStatus::NotListed,
        Some(_) => DigestStatus::Verified,
    };
    let mut unlisted_once = |file: &str, findings: &mut Vec<Finding>| {
        if let Some((name, _, _)) = manifest
            && !listed(file)
            && unlisted.insert(file.to_owned())
        {
            findings.push(Finding::UnlistedFile {
                file: file.to_owned(),
                manifest: name.to_owned(),
            });
        }
    };

    for file in expected {
        let name = match resolve(contents.descriptor, &file.href) {
            Ok(name) => name,
            // A URL is fetched by the importer, not shipped in the package.
            Err(PathError::Url(_)) => continue,
            Err(_) => file.href.clone(),
        };
        let exists = |part: &str| (contents.size_of)(part).is_some();
        for part in stored_parts(file, &name, &exists, contents.max_parts) {
            let Some(actual) = (contents.size_of)(&part.name) else {
                statuses.insert(part.name.clone(), DigestStatus::Missing);
                if missing.insert(part.name.clone()) {
                    findings.push(match manifest {
                        Some(_) => Finding::MissingFile {
                            file: part.name,
                            wanted_by: WantedBy::Descriptor,
                        },
                        None => Finding::ReferenceAbsent { file: part.name },
                    });
                }
                continue;
            };
            if let Some(declared) = part.size
                && declared != actual
            {
                findings.push(Finding::SizeMismatch {
                    file: part.name.clone(),
                    declared,
                    actual,
                    compressed: part.compressed,
                });
            }
            statuses.insert(part.name.clone(), stored_status(&part.name));
            unlisted_once(&part.name, &mut findings);
        }
    }
    statuses.insert(
        contents.descriptor.to_owned(),
        stored_status(contents.descriptor),
    );
    unlisted_once(contents.descriptor, &mut findings);
    let companions: Vec<&str> = manifest
        .map(|(name, _, _)| name)
        .into_iter()
        .chain(contents.certificate.map(|(name, _)| name))
        .collect();
    for entry in contents.archive_entries {
        if !companions.contains(&entry.as_str()) {
            statuses.insert(entry.clone(), stored_status(entry));
            unlisted_once(entry, &mut findings);
        }
    }

    match manifest {
        Some((name, _, parsed)) => {
            for problem in &parsed.problems {
                findings.push(Finding::ManifestSyntax {
                    manifest: name.to_owned(),
                    line: problem.line,
                    problem: problem.problem.clone(),
                });
            }
            let mut judged = Judged {
                missing: &mut missing,
                statuses: &mut statuses,
                findings: &mut findings,
            };
            check_digests(contents, name, parsed, &mut judged);
        }
        None => {
            let (expected, _) = companion_names(contents.descriptor);
            findings.push(Finding::NoManifest {
                descriptor: contents.descriptor.to_owned(),
                expected,
            });
        }
    }

    let signature = contents.certificate.and_then(|(name, bytes)| {
        let signed = manifest.map(|(name, bytes, _)| (name, bytes));
        check_certificate(name, bytes, signed, contents.now, &mut findings)
    });

    if let Some(first) = contents.archive_entries.first()
        && first != contents.descriptor
    {
        findings.push(Finding::DescriptorNotFirst {
            descriptor: contents.descriptor.to_owned(),
            first: first.clone(),
        });
    }

    findings.sort_by(|a, b| (a.file(), a.rule().id).cmp(&(b.file(), b.rule().id)));
    IntegrityReport {
        descriptor: contents.descriptor.to_owned(),
        manifest: manifest.map(|(name, _, _)| name.to_owned()),
        certificate: contents.certificate.map(|(name, _)| name.to_owned()),
        signature,
        findings,
        files_hashed: contents.hashed.len(),
        bytes_hashed: contents.hashed.values().map(|h| h.size).sum(),
        statuses,
        texts: manifest
            .map(|(name, bytes, _)| (name, bytes))
            .into_iter()
            .chain(contents.certificate)
            .map(|(name, bytes)| KeptText {
                name: name.to_owned(),
                bytes: bytes.to_vec(),
            })
            .collect(),
    }
}

/// What comparing digests adds to.
struct Judged<'j> {
    /// Files already reported missing.
    missing: &'j mut HashSet<String>,
    /// Every file's status.
    statuses: &'j mut BTreeMap<String, DigestStatus>,
    /// The findings.
    findings: &'j mut Vec<Finding>,
}

/// Every manifest line against the stored file's digest.
fn check_digests(
    contents: &Contents<'_>,
    manifest_name: &str,
    manifest: &Manifest,
    judged: &mut Judged<'_>,
) {
    for entry in &manifest.entries {
        if (contents.size_of)(&entry.file).is_none() {
            judged
                .statuses
                .insert(entry.file.clone(), DigestStatus::Missing);
            if judged.missing.insert(entry.file.clone()) {
                judged.findings.push(Finding::MissingFile {
                    file: entry.file.clone(),
                    wanted_by: WantedBy::Manifest {
                        manifest: manifest_name.to_owned(),
                        line: entry.line,
                    },
                });
            }
            continue;
        }
        let actual = contents
            .hashed
            .get(&entry.file)
            .and_then(|h| h.digests.get(entry.algorithm));
        // Every listed, stored file is hashed with the algorithms its lines name; a digest
        // that is absent all the same is reported as a mismatch rather than passed.
        if actual == Some(entry.digest.as_slice()) {
            judged
                .statuses
                .entry(entry.file.clone())
                .or_insert(DigestStatus::Verified);
        } else {
            judged
                .statuses
                .insert(entry.file.clone(), DigestStatus::Mismatch);
            judged.findings.push(Finding::DigestMismatch {
                file: entry.file.clone(),
                algorithm: entry.algorithm,
                expected: to_hex(&entry.digest),
                actual: actual.map_or_else(|| "nothing (not hashed)".to_owned(), to_hex),
                manifest: manifest_name.to_owned(),
                line: entry.line,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn companions_share_the_descriptor_stem() {
        assert_eq!(
            companion_names("vm.ovf"),
            ("vm.mf".to_owned(), "vm.cert".to_owned())
        );
        assert_eq!(
            companion_names("pkg/fw.OVF"),
            ("pkg/fw.mf".to_owned(), "pkg/fw.cert".to_owned())
        );
        assert_eq!(
            companion_names("v1.2/descriptor"),
            (
                "v1.2/descriptor.mf".to_owned(),
                "v1.2/descriptor.cert".to_owned()
            )
        );
        assert_eq!(
            companion_names("vnf.v2.ovf"),
            ("vnf.v2.mf".to_owned(), "vnf.v2.cert".to_owned())
        );
    }
}
