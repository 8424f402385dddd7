//! What an integrity check finds, as typed data: each finding names the file, what is wrong
//! and the rule (id, severity, documentation) it breaks.

use std::fmt;

use super::codes;
use super::digest::DigestAlgorithm;
use super::manifest::LineProblem;
use crate::foundation::diagnostics::{RuleMeta, Severity};

/// Who expects a file that is missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WantedBy {
    /// The descriptor's References section.
    Descriptor,
    /// A manifest line.
    Manifest {
        /// The manifest.
        manifest: String,
        /// 1-based line in the manifest.
        line: u32,
    },
    /// The certificate's signature line (it signs the manifest).
    Certificate {
        /// The certificate file.
        certificate: String,
        /// 1-based line of the signature.
        line: u32,
    },
}

/// One problem with a package's integrity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A file's digest differs from the manifest's.
    DigestMismatch {
        /// The file hashed.
        file: String,
        /// The algorithm.
        algorithm: DigestAlgorithm,
        /// The digest the manifest lists (hex).
        expected: String,
        /// The digest of the file (hex).
        actual: String,
        /// The manifest.
        manifest: String,
        /// Its line.
        line: u32,
    },
    /// A file is missing from a package that has a manifest (or is named by the certificate).
    MissingFile {
        /// The file as named where it is expected.
        file: String,
        /// Who expects it.
        wanted_by: WantedBy,
    },
    /// A referenced file is missing from a package without a manifest.
    ReferenceAbsent {
        /// The file.
        file: String,
    },
    /// A file's size differs from what the descriptor declares.
    SizeMismatch {
        /// The file (or chunk).
        file: String,
        /// The size declared (for a chunk: the size it must have).
        declared: u64,
        /// The size stored.
        actual: u64,
        /// The descriptor says the file is gzip-compressed (sizes count stored bytes).
        compressed: bool,
    },
    /// A file of the package has no digest in the manifest.
    UnlistedFile {
        /// The file.
        file: String,
        /// The manifest.
        manifest: String,
    },
    /// The package has no manifest.
    NoManifest {
        /// The descriptor.
        descriptor: String,
        /// The manifest name looked for.
        expected: String,
    },
    /// A manifest line cannot be used.
    ManifestSyntax {
        /// The manifest.
        manifest: String,
        /// 1-based line.
        line: u32,
        /// What is wrong.
        problem: LineProblem,
    },
    /// The certificate file cannot be read, or signs another manifest.
    CertificateInvalid {
        /// The certificate file.
        certificate: String,
        /// 1-based line, when the problem is on one.
        line: Option<u32>,
        /// What is wrong.
        reason: String,
    },
    /// The signature uses a key or algorithm vnfwiz cannot verify.
    SignatureUnsupported {
        /// The certificate file.
        certificate: String,
        /// 1-based line: the signature line for its algorithm, the signer's certificate
        /// for its key.
        line: u32,
        /// What is unsupported.
        reason: String,
    },
    /// The signature does not verify against the manifest.
    SignatureMismatch {
        /// The certificate file.
        certificate: String,
        /// The manifest it signs.
        manifest: String,
        /// The digest the signature line names.
        algorithm: DigestAlgorithm,
        /// 1-based line of the signature.
        line: u32,
    },
    /// The signing certificate has expired.
    CertificateExpired {
        /// The certificate file.
        certificate: String,
        /// The signer.
        subject: String,
        /// End of validity (UTC).
        not_after: String,
        /// 1-based line where the signer's certificate starts.
        line: u32,
    },
    /// The signing certificate is not valid yet.
    CertificateNotYetValid {
        /// The certificate file.
        certificate: String,
        /// The signer.
        subject: String,
        /// Start of validity (UTC).
        not_before: String,
        /// 1-based line where the signer's certificate starts.
        line: u32,
    },
    /// The signing certificate is self-signed.
    SelfSigned {
        /// The certificate file.
        certificate: String,
        /// The signer (also the issuer).
        subject: String,
        /// 1-based line where the signer's certificate starts.
        line: u32,
    },
    /// The OVA's first entry is not the descriptor.
    DescriptorNotFirst {
        /// The descriptor.
        descriptor: String,
        /// The entry that comes first.
        first: String,
    },
}

impl Finding {
    /// The rule this finding breaks.
    pub fn rule(&self) -> &'static RuleMeta {
        match self {
            Finding::DigestMismatch { .. } => &codes::DIGEST_MISMATCH,
            Finding::MissingFile { .. } => &codes::MISSING_FILE,
            Finding::ReferenceAbsent { .. } => &codes::REFERENCE_ABSENT,
            Finding::SizeMismatch { .. } => &codes::SIZE_MISMATCH,
            Finding::UnlistedFile { .. } => &codes::UNLISTED_FILE,
            Finding::NoManifest { .. } => &codes::NO_MANIFEST,
            Finding::ManifestSyntax { .. } => &codes::MANIFEST_SYNTAX,
            Finding::CertificateInvalid { .. } => &codes::CERTIFICATE_INVALID,
            Finding::SignatureUnsupported { .. } => &codes::SIGNATURE_UNSUPPORTED,
            Finding::SignatureMismatch { .. } => &codes::SIGNATURE_MISMATCH,
            Finding::CertificateExpired { .. } => &codes::CERTIFICATE_EXPIRED,
            Finding::CertificateNotYetValid { .. } => &codes::CERTIFICATE_NOT_YET_VALID,
            Finding::SelfSigned { .. } => &codes::SELF_SIGNED,
            Finding::DescriptorNotFirst { .. } => &codes::DESCRIPTOR_NOT_FIRST,
        }
    }

    /// Error or warning, from the rule's keyword.
    pub fn severity(&self) -> Severity {
        self.rule().keyword.severity()
    }

    /// The file the finding is about.
    pub fn file(&self) -> &str {
        match self {
            Finding::DigestMismatch { file, .. }
            | Finding::MissingFile { file, .. }
            | Finding::ReferenceAbsent { file }
            | Finding::SizeMismatch { file, .. }
            | Finding::UnlistedFile { file, .. } => file,
            Finding::NoManifest { descriptor, .. }
            | Finding::DescriptorNotFirst { descriptor, .. } => descriptor,
            Finding::ManifestSyntax { manifest, .. } => manifest,
            Finding::CertificateInvalid { certificate, .. }
            | Finding::SignatureUnsupported { certificate, .. }
            | Finding::SignatureMismatch { certificate, .. }
            | Finding::CertificateExpired { certificate, .. }
            | Finding::CertificateNotYetValid { certificate, .. }
            | Finding::SelfSigned { certificate, .. } => certificate,
        }
    }

    /// A line of the manifest or certificate that shows the problem (`vm.mf`, line 3),
    /// when there is one; a rule can point its violation there.
    pub fn text_location(&self) -> Option<(&str, u32)> {
        match self {
            Finding::DigestMismatch { manifest, line, .. }
            | Finding::ManifestSyntax { manifest, line, .. }
            | Finding::MissingFile {
                wanted_by: WantedBy::Manifest { manifest, line },
                ..
            } => Some((manifest, *line)),
            Finding::CertificateInvalid {
                certificate,
                line: Some(line),
                ..
            }
            | Finding::MissingFile {
                wanted_by: WantedBy::Certificate { certificate, line },
                ..
            }
            | Finding::SignatureUnsupported {
                certificate, line, ..
            }
            | Finding::SignatureMismatch {
                certificate, line, ..
            }
            | Finding::CertificateExpired {
                certificate, line, ..
            }
            | Finding::CertificateNotYetValid {
                certificate, line, ..
            }
            | Finding::SelfSigned {
                certificate, line, ..
            } => Some((certificate, *line)),
            _ => None,
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::DigestMismatch {
                file,
                algorithm,
                expected,
                actual,
                manifest,
                line,
            } => write!(
                f,
                "`{file}` has {algorithm} {actual}, but {manifest} line {line} lists {expected}"
            ),
            Finding::MissingFile { file, wanted_by } => match wanted_by {
                WantedBy::Descriptor => write!(
                    f,
                    "`{file}` is referenced by the descriptor but is not in the package"
                ),
                WantedBy::Manifest { manifest, line } => write!(
                    f,
                    "`{file}` is listed on {manifest} line {line} but is not in the package"
                ),
                WantedBy::Certificate { certificate, .. } => write!(
                    f,
                    "`{file}` is signed by {certificate} but is not in the package"
                ),
            },
            Finding::ReferenceAbsent { file } => write!(
                f,
                "`{file}` is referenced by the descriptor but is not in the package"
            ),
            Finding::SizeMismatch {
                file,
                declared,
                actual,
                compressed,
            } => {
                write!(
                    f,
                    "`{file}` is {actual} bytes, but the descriptor declares {declared}"
                )?;
                if *compressed {
                    f.write_str(" (the file is gzip-compressed; ovf:size counts stored bytes)")?;
                }
                Ok(())
            }
            Finding::UnlistedFile { file, manifest } => {
                write!(f, "`{file}` has no digest in {manifest}")
            }
            Finding::NoManifest {
                descriptor,
                expected,
            } => write!(
                f,
                "the package of {descriptor} has no manifest ({expected}); nothing in it can be verified"
            ),
            Finding::ManifestSyntax { line, problem, .. } => {
                write!(f, "line {line} cannot be used: {problem}")
            }
            Finding::CertificateInvalid { reason, .. } => f.write_str(reason),
            Finding::SignatureUnsupported { reason, .. } => f.write_str(reason),
            Finding::SignatureMismatch {
                manifest,
                algorithm,
                ..
            } => write!(
                f,
                "the {algorithm} signature does not match {manifest}: the manifest changed after signing, or another key signed it"
            ),
            Finding::CertificateExpired {
                subject, not_after, ..
            } => write!(
                f,
                "the signer's certificate ({subject}) expired on {not_after}"
            ),
            Finding::CertificateNotYetValid {
                subject,
                not_before,
                ..
            } => write!(
                f,
                "the signer's certificate ({subject}) is not valid before {not_before}"
            ),
            Finding::SelfSigned { subject, .. } => write!(
                f,
                "the signer's certificate ({subject}) is self-signed; it proves integrity, not origin"
            ),
            Finding::DescriptorNotFirst { descriptor, first } => write!(
                f,
                "`{descriptor}` is not the first entry of the OVA (`{first}` is)"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_rule_is_documented_once() {
        let mut ids = HashSet::new();
        for rule in codes::ALL {
            assert!(rule.id.starts_with("OVF-"), "{}", rule.id);
            assert!(ids.insert(rule.id), "{} twice", rule.id);
            for text in [rule.summary, rule.why, rule.fix, rule.section] {
                assert!(!text.trim().is_empty(), "{}", rule.id);
            }
        }
    }

    #[test]
    fn severities_follow_the_keywords_asked_for() {
        let missing = Finding::MissingFile {
            file: "disk1.vmdk".into(),
            wanted_by: WantedBy::Descriptor,
        };
        assert_eq!(missing.severity(), Severity::Error);
        assert_eq!(missing.rule().id, "OVF-missing-file");
        let absent = Finding::ReferenceAbsent {
            file: "disk1.vmdk".into(),
        };
        assert_eq!(absent.severity(), Severity::Warning);
        let first = Finding::DescriptorNotFirst {
            descriptor: "vm.ovf".into(),
            first: "disk1.vmdk".into(),
        };
        assert_eq!(first.severity(), Severity::Warning);
        assert!(first.to_string().contains("disk1.vmdk"));
        assert!(
            codes::ALL
                .iter()
                .any(|r| std::ptr::eq(*r, first.rule()) || r.id == first.rule().id)
        );
    }
}
