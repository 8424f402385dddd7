//! Signed packages, SOL004's second security option (§5.1): a zip holding one CSAR and the
//! CMS signature of its bytes (`<name>.cms`), often with the signer's certificate
//! (`<name>.cert`), as ONAP's vnfsdk packages ship. The signature is checked over the CSAR
//! streamed from the zip (never extracted), with the certificate from the zip, the
//! signature or the CSAR itself; the CSAR is then read as any other.

use std::path::Path;

use x509_cert::Certificate;
use x509_cert::der::Decode;

use crate::foundation::diagnostics::Options;
use crate::input::integrity::digest::hash_stream;
use crate::input::integrity::{DigestAlgorithm, Tracker};
use crate::input::source::{PackageFiles, SourceError};

use super::meta::ETSI_ENTRY_CERTIFICATE;
use super::package::{Csar, SignatureCheck, Signed, read, strip_extension};
use super::signature::{self, Content, SignatureError};

/// What the zip around a CSAR holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SignedArchive {
    /// Every entry of the zip.
    pub entries: Vec<String>,
    /// The CSAR inside, when the zip holds exactly one.
    pub csar: Option<String>,
    /// The signature file and its text as shown (PEM; a DER file is described).
    pub signature: Option<(String, String)>,
    /// The certificate file, when there is one.
    pub certificate: Option<String>,
}

impl SignedArchive {
    /// The CSARs the zip holds.
    pub fn csars(&self) -> Vec<&str> {
        self.entries
            .iter()
            .filter(|n| n.to_ascii_lowercase().ends_with(".csar"))
            .map(String::as_str)
            .collect()
    }
}

/// The entry of `files` with this extension that belongs to the CSAR `stem`: the one named
/// like it, else the only one with that extension.
fn companion<'a>(names: &'a [String], stem: &str, extensions: &[&str]) -> Option<&'a str> {
    let with = |n: &&String| {
        extensions
            .iter()
            .any(|e| n.to_ascii_lowercase().ends_with(&format!(".{e}")))
    };
    let candidates: Vec<&String> = names.iter().filter(with).collect();
    candidates
        .iter()
        .find(|n| strip_extension(n) == stem)
        .or(if candidates.len() == 1 {
            candidates.first()
        } else {
            None
        })
        .map(|n| n.as_str())
}

/// Every certificate a file holds: PEM blocks, else one DER certificate.
fn certificates_in(bytes: &[u8]) -> Vec<Certificate> {
    let pem = signature::certificates_from_pem(bytes);
    if !pem.is_empty() {
        return pem;
    }
    Certificate::from_der(bytes).into_iter().collect()
}

/// Opens a signed package at `path`: its zip, the signature over the CSAR's bytes, and the
/// CSAR read for checking. A zip without exactly one CSAR is kept with its entries only
/// (the layout rule reports it; nothing else can be read).
pub fn open_signed(path: &Path, options: &Options<'_>) -> Result<Csar, SourceError> {
    let label = path.display().to_string();
    let archive_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let outer = PackageFiles::open_zip(path, options.limits)?;
    let mut signed = SignedArchive {
        entries: outer.names().to_vec(),
        ..SignedArchive::default()
    };
    let [csar_name] = signed.csars()[..] else {
        return Ok(Csar {
            label,
            archive_name,
            names: signed.entries.clone(),
            signed: Some(signed),
            ..Csar::default()
        });
    };
    let csar_name = csar_name.to_owned();
    let stem = strip_extension(&csar_name).to_owned();
    signed.csar = Some(csar_name.clone());
    let signature_file = companion(&signed.entries, &stem, &["cms"]).map(str::to_owned);
    signed.certificate =
        companion(&signed.entries, &stem, &["cert", "crt", "pem"]).map(str::to_owned);
    let signature_bytes = match &signature_file {
        Some(name) => Some(outer.read(name)?),
        None => None,
    };
    let mut certificates = match &signed.certificate {
        Some(name) => certificates_in(&outer.read(name)?),
        None => Vec::new(),
    };
    let inner_origin = path.join(&csar_name);
    let inner = outer.open_inner_zip(&csar_name, &inner_origin)?;
    let mut csar = read(&inner, label, Some(csar_name.clone()), options)?;
    certificates.extend(csar_certificates(&csar, &inner));
    if let (Some(name), Some(bytes)) = (&signature_file, &signature_bytes) {
        let shown = match std::str::from_utf8(bytes) {
            Ok(text) if text.trim_start().starts_with("-----BEGIN ") => text.to_owned(),
            _ => format!("(a DER signature of {} bytes)", bytes.len()),
        };
        signed.signature = Some((name.clone(), shown));
        let outcome = verify(&outer, &csar_name, bytes, &certificates, options)?;
        csar.signatures.push(SignatureCheck {
            place: Signed::Archive,
            outcome,
        });
    }
    csar.archive_name = archive_name;
    csar.signed = Some(signed);
    Ok(csar)
}

/// Certificates the CSAR itself carries: `ETSI-Entry-Certificate`, or a `.cert` named like
/// a manifest.
fn csar_certificates(csar: &Csar, files: &PackageFiles) -> Vec<Certificate> {
    let named = csar
        .meta
        .as_ref()
        .and_then(|m| m.text_value(ETSI_ENTRY_CERTIFICATE));
    let beside = csar
        .manifests
        .iter()
        .map(|m| format!("{}.cert", strip_extension(&m.path)));
    named
        .into_iter()
        .chain(beside)
        .filter_map(|path| files.read(&path).ok())
        .flat_map(|bytes| certificates_in(&bytes))
        .collect()
}

/// Checks the signature `bytes` over the CSAR `csar_name` of `outer`, hashing the CSAR in
/// one streaming pass with the algorithms the signers use. A failed read is the package's
/// error; a signature that cannot be judged is the outcome's.
fn verify(
    outer: &PackageFiles,
    csar_name: &str,
    bytes: &[u8],
    certificates: &[Certificate],
    options: &Options<'_>,
) -> Result<Result<signature::Signer, SignatureError>, SourceError> {
    let der = match signature::signature_der(bytes) {
        Ok(der) => der,
        Err(error) => return Ok(Err(error)),
    };
    let algorithms = match signature::digest_algorithms(&der) {
        Ok(algorithms) => algorithms,
        Err(error) => return Ok(Err(error)),
    };
    let tracker = Tracker::new(outer.size(csar_name).unwrap_or(0), options);
    let hashed = outer
        .stream(csar_name, |reader| {
            hash_stream(reader, &algorithms, &tracker, csar_name)
        })
        .map_err(|error| SourceError::Io {
            path: outer.origin().join(csar_name),
            source: std::io::Error::other(error.to_string()),
        })?;
    tracker.finish();
    let digest = |algorithm: DigestAlgorithm| hashed.digests.get(algorithm).map(<[u8]>::to_vec);
    let checked_at = options
        .now
        .duration_since(std::time::SystemTime::UNIX_EPOCH)
        .unwrap_or_default();
    Ok(signature::verify_der(
        &der,
        &Content::Digests(&digest),
        certificates,
        checked_at,
    ))
}
