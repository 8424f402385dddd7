//! CMS signatures of SOL004 packages: the one that may close a manifest (§5.9, the first
//! security option), checked over the manifest text before it, and the one beside a CSAR in
//! a signed zip (§5.1, the second option), checked over the CSAR's bytes by their digests
//! (the CSAR is streamed, never held). Each is decoded, the signer's certificate found, the
//! message digest and the signature checked, and the signer and validity reported.

use std::time::Duration;

use cms::cert::CertificateChoices;
use cms::content_info::ContentInfo;
use cms::signed_data::{SignedData, SignerIdentifier, SignerInfo};
use p256::ecdsa::signature::hazmat::PrehashVerifier;
use x509_cert::Certificate;
use x509_cert::der::asn1::{ObjectIdentifier, OctetString};
use x509_cert::der::{Decode, Encode};
use x509_cert::ext::pkix::SubjectKeyIdentifier;

use crate::input::integrity::certificate::{pem_certificates, rsa_key, scheme};
use crate::input::integrity::digest::DigestAlgorithm;

const SIGNED_DATA: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.7.2");
const MESSAGE_DIGEST: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.4");
const SUBJECT_KEY_ID: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.5.29.14");
const EC_PUBLIC_KEY: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.2.1");
const P256: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.3.1.7");
const P384: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.132.0.34");

/// Why a signature does not verify (or cannot be checked).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    /// No `-----END CMS-----` line.
    #[error("the signature has no `-----END CMS-----` line")]
    Unterminated,
    /// Text after the END line.
    #[error("text follows `-----END CMS-----`; the signature must close the manifest")]
    TrailingText,
    /// The base64 text does not decode.
    #[error("the signature is not valid base64 ({0})")]
    Base64(String),
    /// The bytes are not a CMS SignedData structure.
    #[error("the signature is not a CMS SignedData structure ({0})")]
    NotSignedData(String),
    /// No SignerInfo.
    #[error("the CMS structure names no signer")]
    NoSigner,
    /// The signer's certificate is neither in the CMS nor in the package.
    #[error(
        "the signer's certificate is in neither the signature nor the package: no certificate there is the one the signature names (ETSI-Entry-Certificate, a .cert beside the manifest, or one beside the CSAR in a signed zip)"
    )]
    NoCertificate,
    /// A digest algorithm vnfwiz does not check.
    #[error("digest algorithm {0} is not one of SHA-224/256/384/512")]
    UnsupportedDigest(String),
    /// A signature or key algorithm vnfwiz does not check.
    #[error("signature algorithm {0} is not supported (RSA PKCS#1 v1.5 and ECDSA P-256/P-384 are)")]
    UnsupportedSignature(String),
    /// The signed message-digest attribute is missing or differs from the signed content's
    /// digest (the manifest's, or the CSAR's).
    #[error("the signed message digest does not match the content: it was changed after signing")]
    DigestMismatch,
    /// An embedded content that is not the signed content (the manifest text, the CSAR).
    #[error("the signature carries content other than what it sits beside")]
    ContentMismatch,
    /// The signer's RSA key cannot be used.
    #[error("{0}")]
    UnusableKey(String),
    /// The signature value does not verify with the signer's key.
    #[error("the signature does not verify with the signer's public key")]
    BadSignature,
}

/// Whether the signer's certificate was valid when the check ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validity {
    /// Within its validity period.
    Current,
    /// Not valid yet.
    NotYetValid,
    /// Expired.
    Expired,
}

/// Who signed, and the certificate's validity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signer {
    /// The certificate's subject (RFC 4514).
    pub subject: String,
    /// Its issuer.
    pub issuer: String,
    /// Start of validity, RFC 3339 UTC.
    pub not_before: String,
    /// End of validity, RFC 3339 UTC.
    pub not_after: String,
    /// Validity at the time of the check.
    pub validity: Validity,
    /// The certificate names itself as its issuer: nothing but itself vouches for it.
    pub self_signed: bool,
    /// The digest the signer used.
    pub digest: DigestAlgorithm,
    /// `RSA` or `ECDSA P-256`/`P-384`.
    pub key: &'static str,
}

/// What a signature is over: bytes at hand (a manifest's text), or a file too large to
/// hold, known by its digest under each algorithm a signer may use (a CSAR).
pub enum Content<'a> {
    /// The signed bytes.
    Bytes(&'a [u8]),
    /// The signed file's digest under an algorithm (`None`: not computed).
    Digests(&'a dyn Fn(DigestAlgorithm) -> Option<Vec<u8>>),
}

impl Content<'_> {
    fn digest(&self, algorithm: DigestAlgorithm) -> Option<Vec<u8>> {
        match self {
            Content::Bytes(bytes) => Some(algorithm.digest(bytes)),
            Content::Digests(digest) => digest(algorithm),
        }
    }
}

/// Decodes and verifies a signature over `content`; `certificates` are extra ones from
/// the package, `now` the check time (seconds since the Unix epoch).
pub fn verify(
    base64: &str,
    content: &[u8],
    certificates: &[Certificate],
    now: Duration,
) -> Result<Signer, SignatureError> {
    let der = <base64ct::Base64 as base64ct::Encoding>::decode_vec(base64)
        .map_err(|e| SignatureError::Base64(e.to_string()))?;
    verify_der(&der, &Content::Bytes(content), certificates, now)
}

/// The DER bytes of a signature file: PEM (`-----BEGIN CMS-----`, or `PKCS7` as older
/// tools write it) or DER as it is.
pub fn signature_der(bytes: &[u8]) -> Result<Vec<u8>, SignatureError> {
    let text = String::from_utf8_lossy(bytes);
    let trimmed = text.trim_start();
    if !trimmed.starts_with("-----BEGIN ") {
        return Ok(bytes.to_vec());
    }
    let body: String = trimmed
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with("-----END "))
        .map(str::trim)
        .collect();
    if !trimmed.lines().any(|line| line.starts_with("-----END ")) {
        return Err(SignatureError::Unterminated);
    }
    <base64ct::Base64 as base64ct::Encoding>::decode_vec(&body)
        .map_err(|e| SignatureError::Base64(e.to_string()))
}

/// The SignedData inside a CMS ContentInfo.
fn signed_data(der: &[u8]) -> Result<SignedData, SignatureError> {
    let info =
        ContentInfo::from_der(der).map_err(|e| SignatureError::NotSignedData(e.to_string()))?;
    if info.content_type != SIGNED_DATA {
        return Err(SignatureError::NotSignedData(format!(
            "content type {}",
            info.content_type
        )));
    }
    info.content
        .decode_as()
        .map_err(|e| SignatureError::NotSignedData(e.to_string()))
}

/// The digest algorithms a signature's signers use: what the signed file must be hashed
/// with before [`verify_der`] can judge it.
pub fn digest_algorithms(der: &[u8]) -> Result<Vec<DigestAlgorithm>, SignatureError> {
    let signed = signed_data(der)?;
    let mut out = Vec::new();
    for signer in signed.signer_infos.0.iter() {
        let algorithm = digest_algorithm(&signer.digest_alg.oid)?;
        if !out.contains(&algorithm) {
            out.push(algorithm);
        }
    }
    Ok(out)
}

/// Verifies a DER signature over `content`; `certificates` are extra ones from the
/// package, `now` the check time (seconds since the Unix epoch).
pub fn verify_der(
    der: &[u8],
    content: &Content<'_>,
    certificates: &[Certificate],
    now: Duration,
) -> Result<Signer, SignatureError> {
    let signed = signed_data(der)?;
    if let Some(embedded) = &signed.encap_content_info.econtent {
        let octets: OctetString = embedded
            .decode_as()
            .map_err(|e| SignatureError::NotSignedData(e.to_string()))?;
        let same = match content {
            Content::Bytes(bytes) => octets.as_bytes() == *bytes,
            Content::Digests(_) => [DigestAlgorithm::Sha256, DigestAlgorithm::Sha512]
                .into_iter()
                .find_map(|a| content.digest(a).map(|d| (a, d)))
                .is_some_and(|(a, d)| a.digest(octets.as_bytes()) == d),
        };
        if !same {
            return Err(SignatureError::ContentMismatch);
        }
    }
    let mut embedded: Vec<Certificate> = signed
        .certificates
        .iter()
        .flat_map(|set| set.0.iter())
        .filter_map(|choice| match choice {
            CertificateChoices::Certificate(c) => Some(c.clone()),
            CertificateChoices::Other(_) => None,
        })
        .collect();
    embedded.extend_from_slice(certificates);
    let mut first = None;
    for signer in signed.signer_infos.0.iter() {
        let found = check_signer(signer, content, &embedded, now)?;
        first.get_or_insert(found);
    }
    first.ok_or(SignatureError::NoSigner)
}

fn check_signer(
    signer: &SignerInfo,
    content: &Content<'_>,
    certificates: &[Certificate],
    now: Duration,
) -> Result<Signer, SignatureError> {
    let digest = digest_algorithm(&signer.digest_alg.oid)?;
    let certificate = certificates
        .iter()
        .find(|c| identifies(&signer.sid, c))
        .ok_or(SignatureError::NoCertificate)?;
    let content_digest = content
        .digest(digest)
        .ok_or_else(|| SignatureError::UnsupportedDigest(digest.to_string()))?;
    let prehash = match &signer.signed_attrs {
        Some(attributes) => {
            let message_digest = attributes
                .iter()
                .find(|a| a.oid == MESSAGE_DIGEST)
                .and_then(|a| a.values.iter().next())
                .and_then(|v| v.decode_as::<OctetString>().ok())
                .ok_or(SignatureError::DigestMismatch)?;
            if message_digest.as_bytes() != content_digest.as_slice() {
                return Err(SignatureError::DigestMismatch);
            }
            let signed_bytes = attributes
                .to_der()
                .map_err(|e| SignatureError::NotSignedData(e.to_string()))?;
            digest.digest(&signed_bytes)
        }
        // Without signed attributes the signature is over the content itself.
        None => content_digest,
    };
    let key = check_signature(
        certificate,
        digest,
        &prehash,
        &signer.signature_algorithm.oid,
        signer.signature.as_bytes(),
    )?;
    let validity = &certificate.tbs_certificate.validity;
    let (from, until) = (
        validity.not_before.to_unix_duration(),
        validity.not_after.to_unix_duration(),
    );
    Ok(Signer {
        subject: certificate.tbs_certificate.subject.to_string(),
        issuer: certificate.tbs_certificate.issuer.to_string(),
        not_before: validity.not_before.to_date_time().to_string(),
        not_after: validity.not_after.to_date_time().to_string(),
        validity: if now < from {
            Validity::NotYetValid
        } else if now > until {
            Validity::Expired
        } else {
            Validity::Current
        },
        self_signed: certificate.tbs_certificate.subject == certificate.tbs_certificate.issuer,
        digest,
        key,
    })
}

fn digest_algorithm(oid: &ObjectIdentifier) -> Result<DigestAlgorithm, SignatureError> {
    match oid.to_string().as_str() {
        "2.16.840.1.101.3.4.2.4" => Ok(DigestAlgorithm::Sha224),
        "2.16.840.1.101.3.4.2.1" => Ok(DigestAlgorithm::Sha256),
        "2.16.840.1.101.3.4.2.2" => Ok(DigestAlgorithm::Sha384),
        "2.16.840.1.101.3.4.2.3" => Ok(DigestAlgorithm::Sha512),
        other => Err(SignatureError::UnsupportedDigest(other.to_owned())),
    }
}

/// True when `certificate` is the one the signer identifier names.
fn identifies(sid: &SignerIdentifier, certificate: &Certificate) -> bool {
    let tbs = &certificate.tbs_certificate;
    match sid {
        SignerIdentifier::IssuerAndSerialNumber(id) => {
            id.issuer == tbs.issuer && id.serial_number == tbs.serial_number
        }
        SignerIdentifier::SubjectKeyIdentifier(id) => tbs
            .extensions
            .iter()
            .flatten()
            .filter(|e| e.extn_id == SUBJECT_KEY_ID)
            .filter_map(|e| SubjectKeyIdentifier::from_der(e.extn_value.as_bytes()).ok())
            .any(|ski| ski == *id),
    }
}

/// Verifies `signature` over a message whose digest is `prehash`; returns the key kind.
fn check_signature(
    certificate: &Certificate,
    digest: DigestAlgorithm,
    prehash: &[u8],
    algorithm: &ObjectIdentifier,
    signature: &[u8],
) -> Result<&'static str, SignatureError> {
    let spki = &certificate.tbs_certificate.subject_public_key_info;
    let unsupported = || SignatureError::UnsupportedSignature(algorithm.to_string());
    let rsa_signature = matches!(
        algorithm.to_string().as_str(),
        "1.2.840.113549.1.1.1"
            | "1.2.840.113549.1.1.11"
            | "1.2.840.113549.1.1.12"
            | "1.2.840.113549.1.1.13"
            | "1.2.840.113549.1.1.14"
    );
    let ecdsa_signature = matches!(
        algorithm.to_string().as_str(),
        "1.2.840.10045.2.1"
            | "1.2.840.10045.4.3.1"
            | "1.2.840.10045.4.3.2"
            | "1.2.840.10045.4.3.3"
            | "1.2.840.10045.4.3.4"
    );
    if spki.algorithm.oid != EC_PUBLIC_KEY && rsa_signature {
        let key = rsa_key(certificate).map_err(SignatureError::UnusableKey)?;
        key.verify(scheme(digest), prehash, signature)
            .map_err(|_| SignatureError::BadSignature)?;
        return Ok("RSA");
    }
    if spki.algorithm.oid == EC_PUBLIC_KEY && ecdsa_signature {
        let curve = spki
            .algorithm
            .parameters
            .as_ref()
            .and_then(|p| p.decode_as::<ObjectIdentifier>().ok());
        let point = spki.subject_public_key.raw_bytes();
        if curve == Some(P256) {
            let key =
                p256::ecdsa::VerifyingKey::from_sec1_bytes(point).map_err(|_| unsupported())?;
            let signature = p256::ecdsa::Signature::from_der(signature)
                .map_err(|_| SignatureError::BadSignature)?;
            key.verify_prehash(prehash, &signature)
                .map_err(|_| SignatureError::BadSignature)?;
            return Ok("ECDSA P-256");
        }
        if curve == Some(P384) {
            let key =
                p384::ecdsa::VerifyingKey::from_sec1_bytes(point).map_err(|_| unsupported())?;
            let signature = p384::ecdsa::Signature::from_der(signature)
                .map_err(|_| SignatureError::BadSignature)?;
            key.verify_prehash(prehash, &signature)
                .map_err(|_| SignatureError::BadSignature)?;
            return Ok("ECDSA P-384");
        }
    }
    Err(unsupported())
}

/// Reads every PEM certificate of a certificate file (`ETSI-Entry-Certificate`); a file
/// that does not decode gives none, and the signature then names the missing certificate.
pub fn certificates_from_pem(bytes: &[u8]) -> Vec<Certificate> {
    pem_certificates(&String::from_utf8_lossy(bytes))
        .map(|chain| {
            chain
                .into_iter()
                .map(|(_, certificate)| certificate)
                .collect()
        })
        .unwrap_or_default()
}
