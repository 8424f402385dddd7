//! OVF certificate files (`.cert`): a signature line over the manifest,
//! `SHA256(vm.mf)= hexsignature`, followed by the signer's PEM certificate (and optionally
//! the certificates that issued it). The signature is RSA PKCS#1 v1.5 over the manifest's
//! digest, as ovftool and `openssl dgst -sign` make it.

use std::time::SystemTime;

use rsa::traits::PublicKeyParts;
use rsa::{BigUint, Pkcs1v15Sign, RsaPublicKey};
use sha1::Sha1;
use sha2::{Sha224, Sha256, Sha384, Sha512};
use x509_cert::Certificate;
use x509_cert::der::oid::ObjectIdentifier;
use x509_cert::der::{DateTime, Decode, DecodePem};

use super::digest::DigestAlgorithm;
use super::findings::{Finding, WantedBy};
use super::manifest::{LineProblem, parse_digest_line};
use crate::input::source::path::resolve;

/// The largest RSA modulus accepted, in bits (keys above 4096 bits are rare but real).
const MAX_KEY_BITS: usize = 8192;

const RSA_ENCRYPTION: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1");

/// Who signed the package and what the check of the signature showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureInfo {
    /// The certificate file.
    pub certificate: String,
    /// The manifest the signature line names.
    pub manifest: String,
    /// The digest the signature is made over.
    pub algorithm: DigestAlgorithm,
    /// The signer's subject (RFC 4514 form).
    pub signer: String,
    /// The issuer of the signer's certificate.
    pub issuer: String,
    /// Start of validity, UTC.
    pub not_before: String,
    /// End of validity, UTC.
    pub not_after: String,
    /// Subject and issuer are the same.
    pub self_signed: bool,
    /// Certificates in the file (the signer first).
    pub chain_length: usize,
    /// RSA modulus size in bits, when the key is RSA.
    pub key_bits: Option<usize>,
    /// The signature verified against the manifest.
    pub verified: bool,
}

/// Checks a certificate file against the package's manifest (`None` when the package has
/// none): parses the signature line and certificates, verifies the signature, and judges
/// the signer's validity at `now`. Problems go to `findings`; the signer's details are
/// returned when the certificate could be read.
pub fn check_certificate(
    certificate: &str,
    bytes: &[u8],
    manifest: Option<(&str, &[u8])>,
    now: SystemTime,
    findings: &mut Vec<Finding>,
) -> Option<SignatureInfo> {
    let invalid = |line: Option<u32>, reason: String| Finding::CertificateInvalid {
        certificate: certificate.to_owned(),
        line,
        reason,
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        findings.push(invalid(None, "the file is not text (PEM)".to_owned()));
        return None;
    };
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let Some((number, line, rest)) = first_line(text) else {
        findings.push(invalid(None, "the file is empty".to_owned()));
        return None;
    };
    if line.trim_start().starts_with("-----BEGIN") {
        findings.push(invalid(
            Some(number),
            "no signature line (`SHA256(<manifest>)= <hex signature>`) before the certificate"
                .to_owned(),
        ));
        return None;
    }
    let (algorithm, signed_name, signature) = match parse_digest_line(line) {
        Ok(parts) => parts,
        Err(LineProblem::UnknownAlgorithm(name)) => {
            findings.push(Finding::SignatureUnsupported {
                certificate: certificate.to_owned(),
                line: number,
                reason: format!(
                    "the signature is made over a {name} digest; vnfwiz verifies SHA1, SHA256 and SHA512 signatures"
                ),
            });
            return None;
        }
        Err(problem) => {
            findings.push(invalid(
                Some(number),
                format!("the signature line cannot be read: {problem}"),
            ));
            return None;
        }
    };
    // Certificate lines are counted in the whole text, whose first part is the signature.
    let rest_at = text.len() - rest.len();
    let chain = match pem_certificates(rest) {
        Ok(chain) if !chain.is_empty() => chain,
        Ok(_) => {
            findings.push(invalid(
                Some(number),
                "no PEM certificate follows the signature line".to_owned(),
            ));
            return None;
        }
        Err((at, e)) => {
            findings.push(invalid(
                Some(line_at(text, rest_at + at)),
                format!("the PEM certificate cannot be read: {e}"),
            ));
            return None;
        }
    };
    let (signer_at, signer_certificate) = &chain[0];
    let signer_line = line_at(text, rest_at + signer_at);
    let signer = &signer_certificate.tbs_certificate;
    let subject = signer.subject.to_string();
    let issuer = signer.issuer.to_string();
    let not_before = signer.validity.not_before.to_system_time();
    let not_after = signer.validity.not_after.to_system_time();
    let mut info = SignatureInfo {
        certificate: certificate.to_owned(),
        manifest: signed_name.to_owned(),
        algorithm,
        signer: subject.clone(),
        issuer,
        not_before: utc(not_before),
        not_after: utc(not_after),
        self_signed: signer.subject == signer.issuer,
        chain_length: chain.len(),
        key_bits: None,
        verified: false,
    };
    let key = rsa_key(signer_certificate);
    if let Ok(key) = &key {
        info.key_bits = Some(key.n().bits());
    }
    match (resolve(certificate, signed_name), manifest) {
        (Ok(signed), Some((name, _))) if signed != name => findings.push(invalid(
            Some(number),
            format!("the signature is over `{signed}`, but the package's manifest is `{name}`"),
        )),
        (Err(e), _) => findings.push(invalid(
            Some(number),
            format!("the signature line names an unusable file: {e}"),
        )),
        (Ok(signed), None) => findings.push(Finding::MissingFile {
            file: signed,
            wanted_by: WantedBy::Certificate {
                certificate: certificate.to_owned(),
                line: number,
            },
        }),
        (Ok(_), Some((name, data))) => match &key {
            Err(reason) => findings.push(Finding::SignatureUnsupported {
                certificate: certificate.to_owned(),
                line: signer_line,
                reason: reason.clone(),
            }),
            Ok(key) => {
                let digest = algorithm.digest(data);
                if key.verify(scheme(algorithm), &digest, &signature).is_ok() {
                    info.verified = true;
                } else {
                    findings.push(Finding::SignatureMismatch {
                        certificate: certificate.to_owned(),
                        manifest: name.to_owned(),
                        algorithm,
                        line: number,
                    });
                }
            }
        },
    }
    if now < not_before {
        findings.push(Finding::CertificateNotYetValid {
            certificate: certificate.to_owned(),
            subject: subject.clone(),
            not_before: info.not_before.clone(),
            line: signer_line,
        });
    }
    if now > not_after {
        findings.push(Finding::CertificateExpired {
            certificate: certificate.to_owned(),
            subject: subject.clone(),
            not_after: info.not_after.clone(),
            line: signer_line,
        });
    }
    if info.self_signed {
        findings.push(Finding::SelfSigned {
            certificate: certificate.to_owned(),
            subject,
            line: signer_line,
        });
    }
    Some(info)
}

/// The first non-blank line (1-based number, text) and everything after it.
fn first_line(text: &str) -> Option<(u32, &str, &str)> {
    let mut rest = text;
    let mut number = 0;
    while !rest.is_empty() {
        number += 1;
        let (line, after) = rest.split_once('\n').unwrap_or((rest, ""));
        if !line.trim().is_empty() {
            return Some((number, line.trim_end_matches('\r'), after));
        }
        rest = after;
    }
    None
}

/// Every `BEGIN/END CERTIFICATE` block in `text` with the byte offset where it starts, in
/// order; text between blocks (such as the `subject=` lines `openssl x509` prints) is
/// ignored. A block that cannot be decoded fails with its offset.
pub(crate) fn pem_certificates(
    text: &str,
) -> Result<Vec<(usize, Certificate)>, (usize, x509_cert::der::Error)> {
    const BEGIN: &str = "-----BEGIN CERTIFICATE-----";
    const END: &str = "-----END CERTIFICATE-----";
    let mut chain = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(BEGIN) {
        let start = from + found;
        let block = &text[start..];
        let decode = |pem: &str| Certificate::from_pem(pem.as_bytes()).map_err(|e| (start, e));
        let Some(end) = block.find(END) else {
            // An unterminated block: let the PEM decoder name the problem.
            chain.push((start, decode(block)?));
            break;
        };
        let end = end + END.len();
        chain.push((start, decode(&block[..end])?));
        from = start + end;
    }
    Ok(chain)
}

/// The 1-based line of byte `offset` in `text`.
fn line_at(text: &str, offset: usize) -> u32 {
    let newlines = text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    u32::try_from(newlines).map_or(u32::MAX, |n| n.saturating_add(1))
}

/// The signer's RSA public key, or why it cannot be used.
pub(crate) fn rsa_key(certificate: &Certificate) -> Result<RsaPublicKey, String> {
    let spki = &certificate.tbs_certificate.subject_public_key_info;
    let oid = spki.algorithm.oid;
    if oid != RSA_ENCRYPTION {
        let kind = match oid.to_string().as_str() {
            "1.2.840.10045.2.1" => "an elliptic-curve (ECDSA) key",
            "1.3.101.112" => "an Ed25519 key",
            "1.2.840.113549.1.1.10" => "an RSA-PSS key",
            "1.2.840.10040.4.1" => "a DSA key",
            _ => "a key of an unknown kind",
        };
        return Err(format!(
            "the signer's certificate holds {kind} ({oid}); vnfwiz verifies RSA signatures (PKCS#1 v1.5), as OVF tools make them"
        ));
    }
    let bits = spki
        .subject_public_key
        .as_bytes()
        .ok_or_else(|| "the RSA public key is not a whole number of bytes".to_owned())?;
    let parsed = rsa::pkcs1::RsaPublicKey::from_der(bits)
        .map_err(|e| format!("the RSA public key cannot be read: {e}"))?;
    let modulus = BigUint::from_bytes_be(parsed.modulus.as_bytes());
    let exponent = BigUint::from_bytes_be(parsed.public_exponent.as_bytes());
    RsaPublicKey::new_with_max_size(modulus, exponent, MAX_KEY_BITS).map_err(|e| {
        format!(
            "the RSA public key is not usable ({e}); keys up to {MAX_KEY_BITS} bits are supported"
        )
    })
}

/// PKCS#1 v1.5 with the DigestInfo prefix of `algorithm`.
pub(crate) fn scheme(algorithm: DigestAlgorithm) -> Pkcs1v15Sign {
    match algorithm {
        DigestAlgorithm::Sha1 => Pkcs1v15Sign::new::<Sha1>(),
        DigestAlgorithm::Sha224 => Pkcs1v15Sign::new::<Sha224>(),
        DigestAlgorithm::Sha256 => Pkcs1v15Sign::new::<Sha256>(),
        DigestAlgorithm::Sha384 => Pkcs1v15Sign::new::<Sha384>(),
        DigestAlgorithm::Sha512 => Pkcs1v15Sign::new::<Sha512>(),
    }
}

/// A time as `2031-05-04T12:00:00Z`.
pub(crate) fn utc(time: SystemTime) -> String {
    DateTime::from_system_time(time)
        .map(|t| t.to_string())
        .unwrap_or_else(|_| "(a date outside the years 1970–9999)".to_owned())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::input::integrity::digest::to_hex;
    use rsa::RsaPrivateKey;
    use rsa::pkcs8::DecodePrivateKey;
    use std::time::{Duration, UNIX_EPOCH};

    macro_rules! fixture {
        ($name:literal) => {
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/integrity/",
                $name
            ))
        };
    }

    pub const SELF_SIGNED_KEY: &str = fixture!("self-signed.key");
    pub const SELF_SIGNED_CRT: &str = fixture!("self-signed.crt");

    /// A `.cert` for `manifest` signed now with a committed test key.
    pub fn sign(manifest_name: &str, manifest: &[u8], algorithm: DigestAlgorithm) -> Vec<u8> {
        let key = RsaPrivateKey::from_pkcs8_pem(SELF_SIGNED_KEY).unwrap();
        let signature = key
            .sign(scheme(algorithm), &algorithm.digest(manifest))
            .unwrap();
        format!(
            "{}({manifest_name})= {}\n{SELF_SIGNED_CRT}",
            algorithm.name(),
            to_hex(&signature)
        )
        .into_bytes()
    }

    fn check(
        cert: &[u8],
        manifest: Option<(&str, &[u8])>,
        now: SystemTime,
    ) -> (Option<SignatureInfo>, Vec<Finding>) {
        let mut findings = Vec::new();
        let info = check_certificate("vm.cert", cert, manifest, now, &mut findings);
        (info, findings)
    }

    fn ids(findings: &[Finding]) -> Vec<&'static str> {
        findings.iter().map(|f| f.rule().id).collect()
    }

    #[test]
    fn verifies_a_signature_made_by_openssl_with_a_ca_issued_certificate() {
        let mf = fixture!("vm.mf").as_bytes();
        let (info, findings) = check(
            fixture!("vm.cert").as_bytes(),
            Some(("vm.mf", mf)),
            SystemTime::now(),
        );
        assert!(findings.is_empty(), "{findings:?}");
        let info = info.unwrap();
        assert!(info.verified);
        assert_eq!(info.algorithm, DigestAlgorithm::Sha256);
        assert!(
            info.signer.contains("CN=vFirewall release signing"),
            "{}",
            info.signer
        );
        assert!(
            info.issuer.contains("CN=Example Telecom Test CA"),
            "{}",
            info.issuer
        );
        assert!(!info.self_signed);
        assert_eq!(info.chain_length, 2);
        assert_eq!(info.key_bits, Some(3072));
        assert!(info.not_before.ends_with('Z') && info.not_after.starts_with("21"));
    }

    #[test]
    fn a_tampered_manifest_fails_the_signature() {
        let mut mf = fixture!("vm.mf").as_bytes().to_vec();
        // One digest digit changed, as an attacker swapping a disk would have to.
        let at = mf.iter().position(|b| *b == b'=').unwrap() + 2;
        mf[at] = if mf[at] == b'0' { b'1' } else { b'0' };
        let (info, findings) = check(
            fixture!("vm.cert").as_bytes(),
            Some(("vm.mf", &mf)),
            SystemTime::now(),
        );
        assert_eq!(ids(&findings), ["OVF-signature-mismatch"]);
        assert!(!info.unwrap().verified);
        assert!(findings[0].to_string().contains("vm.mf"));
        assert_eq!(findings[0].text_location(), Some(("vm.cert", 1)));
    }

    #[test]
    fn signs_and_verifies_with_each_digest_and_flags_self_signed() {
        let mf = b"SHA256(vm.ovf)= 00\n";
        for algorithm in DigestAlgorithm::ALL {
            let cert = sign("vm.mf", mf, algorithm);
            let (info, findings) = check(&cert, Some(("vm.mf", mf)), SystemTime::now());
            let info = info.unwrap();
            assert!(info.verified, "{algorithm}");
            assert_eq!(info.algorithm, algorithm);
            assert!(info.self_signed);
            assert_eq!(ids(&findings), ["OVF-self-signed"]);
        }
    }

    #[test]
    fn validity_is_judged_at_the_given_time() {
        let mf = fixture!("vm.mf").as_bytes();
        let cert = fixture!("vm.cert").as_bytes();
        let future = UNIX_EPOCH + Duration::from_secs(330 * 365 * 86_400);
        let (_, findings) = check(cert, Some(("vm.mf", mf)), future);
        assert_eq!(ids(&findings), ["OVF-certificate-expired"]);
        // The signer's certificate starts after the signature line.
        assert_eq!(findings[0].text_location(), Some(("vm.cert", 2)));
        assert!(
            findings[0]
                .to_string()
                .contains("vFirewall release signing")
        );
        let (_, findings) = check(cert, Some(("vm.mf", mf)), UNIX_EPOCH);
        assert_eq!(ids(&findings), ["OVF-certificate-not-yet-valid"]);
    }

    #[test]
    fn an_ec_key_is_reported_as_unsupported() {
        let cert = format!("SHA256(vm.mf)= 3045022100ab\n{}", fixture!("ec.crt"));
        let (info, findings) = check(cert.as_bytes(), Some(("vm.mf", b"x")), SystemTime::now());
        assert_eq!(
            ids(&findings),
            ["OVF-signature-unsupported", "OVF-self-signed"]
        );
        assert!(findings[0].to_string().contains("ECDSA"));
        assert_eq!(findings[0].text_location(), Some(("vm.cert", 2)));
        assert_eq!(info.unwrap().key_bits, None);
    }

    #[test]
    fn unreadable_certificate_files_are_reported() {
        let mf = Some(("vm.mf", &b"x"[..]));
        let now = SystemTime::now();
        let cases: [(&[u8], &str); 6] = [
            (b"", "empty"),
            (b"\xff\xfe", "not text"),
            (SELF_SIGNED_CRT.as_bytes(), "no signature line"),
            (b"SHA256(vm.mf)= abcd\n", "no PEM certificate"),
            (
                b"SHA256(vm.mf)= abcd\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
                "cannot be read",
            ),
            (
                b"SHA256(vm.mf)= abcd\n-----BEGIN CERTIFICATE-----\nMIIB\n",
                "cannot be read",
            ),
        ];
        for (bytes, expected) in cases {
            let (info, findings) = check(bytes, mf, now);
            assert!(info.is_none());
            assert_eq!(ids(&findings), ["OVF-certificate-invalid"], "{expected}");
            assert!(
                findings[0].to_string().contains(expected),
                "{}",
                findings[0]
            );
        }
        let (_, findings) = check(b"SHA256 vm.mf 00\n", mf, now);
        assert_eq!(findings[0].text_location(), Some(("vm.cert", 1)));
        let (_, findings) = check(b"MD5(vm.mf)= 00\n", mf, now);
        assert_eq!(ids(&findings), ["OVF-signature-unsupported"]);
        assert!(findings[0].to_string().contains("MD5"));
        assert_eq!(findings[0].text_location(), Some(("vm.cert", 1)));
        // A broken second certificate is shown where it starts.
        let chain = format!(
            "\nSHA256(vm.mf)= abcd\n{SELF_SIGNED_CRT}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
        );
        let (_, findings) = check(chain.as_bytes(), mf, now);
        let begin = 3 + SELF_SIGNED_CRT.lines().count() as u32;
        assert_eq!(findings[0].text_location(), Some(("vm.cert", begin)));
    }

    #[test]
    fn the_signature_must_be_over_the_package_manifest() {
        let mf = b"SHA256(vm.ovf)= 00\n";
        let cert = sign("other.mf", mf, DigestAlgorithm::Sha256);
        let (_, findings) = check(&cert, Some(("vm.mf", mf)), SystemTime::now());
        assert_eq!(
            ids(&findings),
            ["OVF-certificate-invalid", "OVF-self-signed"]
        );
        assert!(findings[0].to_string().contains("other.mf"));
        let (_, findings) = check(&cert, None, SystemTime::now());
        assert_eq!(
            findings[0],
            Finding::MissingFile {
                file: "other.mf".into(),
                wanted_by: WantedBy::Certificate {
                    certificate: "vm.cert".into(),
                    line: 1
                }
            }
        );
    }

    #[test]
    fn a_truncated_signature_does_not_verify() {
        let mf = b"SHA256(vm.ovf)= 00\n";
        let cert = String::from_utf8(sign("vm.mf", mf, DigestAlgorithm::Sha256)).unwrap();
        let cut = cert.replacen("= ", "= 00", 1).replacen("00", "", 1);
        let short = cut.replacen(&cut[16..20], "", 1);
        let (info, findings) = check(short.as_bytes(), Some(("vm.mf", mf)), SystemTime::now());
        assert!(ids(&findings).contains(&"OVF-signature-mismatch"));
        assert!(!info.unwrap().verified);
    }
}
