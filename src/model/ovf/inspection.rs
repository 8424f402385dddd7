//! What a package asks and holds, gathered for `vnfwiz inspect` (and the wizard): EULAs
//! with the digest to accept them by, deployment options with resolved hardware,
//! properties, systems, networks, disks and files; plus the whole envelope.

use std::collections::BTreeMap;

use crate::input::integrity::digest::to_hex;
use crate::input::integrity::{DigestAlgorithm, DigestStatus, Finding, IntegrityReport};
use crate::input::source::path::resolve;
use serde::Serialize;

use super::deployment::{SystemHardware, resolved_hardware};
use super::envelope::{Content, ContentKind, Envelope};
use super::namespace::OvfVersion;
use super::package::OvfPackage;
use super::sections::{Capacity, NetworkExtension};
use super::strings::LocalizedText;

/// Where the package came from.
#[derive(Clone, Debug, Serialize)]
pub struct PackageView {
    /// The path given.
    pub path: String,
    /// `ovf` or `ova`.
    pub kind: &'static str,
    /// The descriptor's name inside the package.
    pub descriptor: String,
    /// The OVF version.
    pub ovf_version: OvfVersion,
    /// The root namespace as written.
    pub namespace: String,
    /// The envelope's default language.
    pub default_lang: Option<String>,
    /// Languages the message bundles offer.
    pub languages: Vec<String>,
    /// The bundle language texts are shown in (`--lang`, `LANG`), when a bundle holds it;
    /// none when they are shown in the descriptor's own words.
    pub shown_lang: Option<String>,
}

/// A licence to accept.
#[derive(Clone, Debug, Serialize)]
pub struct EulaView {
    /// The system or collection it belongs to.
    pub system: String,
    /// The licence text in the default language.
    pub text: String,
    /// SHA-256 of `text` (UTF-8), lower-case hex: what an answers file accepts.
    pub sha256: String,
    /// SHA-256 of the licence in each other language the descriptor holds it in: an
    /// acceptance recorded under another `--lang` or `LANG` still holds.
    #[serde(skip)]
    pub other_languages: Vec<String>,
    /// Line of the EulaSection in the descriptor.
    pub line: u32,
}

/// A deployment option with what it gives each system.
#[derive(Clone, Debug, Serialize)]
pub struct OptionView {
    /// `ovf:id`.
    pub id: String,
    /// `Label`.
    pub label: Option<String>,
    /// `Description`.
    pub description: Option<String>,
    /// Whether it is the default.
    pub default: bool,
    /// Each virtual system's hardware under this option.
    pub hardware: Vec<SystemHardware>,
}

/// A property the operator may be asked for.
#[derive(Clone, Debug, Serialize)]
pub struct PropertyView {
    /// The key the guest sees (`class.key.instance`).
    pub key: String,
    /// The system or collection that holds it.
    pub system: String,
    /// `ovf:type` as written.
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    /// Qualifiers, as text.
    pub qualifiers: Vec<String>,
    /// `Label`.
    pub label: Option<String>,
    /// `Description`.
    pub description: Option<String>,
    /// `Category`.
    pub category: Option<String>,
    /// The default under the default option (never shown for passwords).
    pub default: Option<String>,
    /// The default under each option, when options exist (never shown for passwords).
    pub defaults: BTreeMap<String, Option<String>>,
    /// `ovf:password`.
    pub password: bool,
    /// `ovf:userConfigurable`.
    pub user_configurable: bool,
}

/// A system or collection, briefly.
#[derive(Clone, Debug, Serialize)]
pub struct SystemView {
    /// `ovf:id`.
    pub id: String,
    /// `VirtualSystem` or `Collection`.
    pub kind: ContentKind,
    /// `Name`.
    pub name: Option<String>,
    /// `Info`.
    pub info: Option<String>,
    /// The enclosing collection's id.
    pub parent: Option<String>,
    /// Member ids.
    pub members: Vec<String>,
    /// `OperatingSystemSection` description.
    pub operating_system: Option<String>,
    /// `Product` and `Version` of its first ProductSection.
    pub product: Option<String>,
    /// `Vendor`.
    pub vendor: Option<String>,
    /// `Annotation`.
    pub annotation: Option<String>,
}

/// A network.
#[derive(Clone, Debug, Serialize)]
pub struct NetworkView {
    /// `ovf:name`.
    pub name: String,
    /// `Description`.
    pub description: Option<String>,
    /// `ecs:` attributes.
    pub extension: NetworkExtension,
    /// VLANs of its port profiles.
    pub vlans: Vec<String>,
}

/// A disk.
#[derive(Clone, Debug, Serialize)]
pub struct DiskView {
    /// `ovf:diskId`.
    pub id: String,
    /// Whether it is a SharedDisk.
    pub shared: bool,
    /// Capacity as written (a number or `${key}`).
    pub capacity: Option<String>,
    /// Capacity units as written.
    pub units: Option<String>,
    /// Capacity in bytes, when known (`${key}` resolved with the default option).
    pub bytes: Option<u128>,
    /// `ovf:fileRef`.
    pub file: Option<String>,
    /// `ovf:format`.
    pub format: Option<String>,
    /// `ecs:volumeType`.
    pub volume_type: Option<String>,
}

/// A file of the References section.
#[derive(Clone, Debug, Serialize)]
pub struct FileView {
    /// `ovf:id`.
    pub id: String,
    /// `ovf:href`.
    pub href: String,
    /// `ovf:size`.
    pub size: Option<u64>,
    /// Bytes present in the package (all chunks together), when every part is there.
    pub present_size: Option<u64>,
    /// `ovf:compression`.
    pub compression: Option<String>,
    /// `ovf:chunkSize`.
    pub chunk_size: Option<u64>,
    /// Number of chunk files, for chunked files.
    pub chunks: Option<u64>,
    /// What the manifest says of the stored bytes (for a chunked file, the worst of its
    /// chunks); `None` for a URL, which is not part of the package.
    pub digest: Option<DigestStatus>,
}

/// The package's integrity: manifest, signature and every finding.
#[derive(Clone, Debug, Serialize)]
pub struct IntegrityView {
    /// The manifest, when the package has one.
    pub manifest: Option<String>,
    /// The certificate file, when the package has one.
    pub certificate: Option<String>,
    /// The signer and the check of the signature, when the certificate could be read.
    pub signature: Option<SignatureView>,
    /// Files whose digests were computed.
    pub files_hashed: usize,
    /// Bytes hashed.
    pub bytes_hashed: u64,
    /// Every finding, sorted by file and rule.
    pub findings: Vec<FindingView>,
}

/// Who signed the package.
#[derive(Clone, Debug, Serialize)]
pub struct SignatureView {
    /// The signer's subject.
    pub signer: String,
    /// Who issued the signer's certificate.
    pub issuer: String,
    /// Start of validity, UTC.
    pub not_before: String,
    /// End of validity, UTC.
    pub not_after: String,
    /// Subject and issuer are the same.
    pub self_signed: bool,
    /// The certificate's validity ended before the check.
    pub expired: bool,
    /// The certificate's validity starts after the check.
    pub not_yet_valid: bool,
    /// The digest signed (`SHA256`).
    pub algorithm: String,
    /// RSA key size, when the key is RSA.
    pub key_bits: Option<usize>,
    /// Certificates in the file, the signer first.
    pub chain_length: usize,
    /// The signature verified against the manifest.
    pub verified: bool,
}

/// A line of the manifest or certificate.
#[derive(Clone, Debug, Serialize)]
pub struct TextPlace {
    /// The manifest or certificate.
    pub file: String,
    /// 1-based line.
    pub line: u32,
}

/// One integrity finding.
#[derive(Clone, Debug, Serialize)]
pub struct FindingView {
    /// Rule id (`OVF-digest-mismatch`).
    pub rule: &'static str,
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The file it is about.
    pub file: String,
    /// The manifest or certificate line that shows it, when there is one.
    pub at: Option<TextPlace>,
    /// What is wrong.
    pub message: String,
}

/// Everything `inspect` reports.
#[derive(Clone, Debug, Serialize)]
pub struct Inspection<'a> {
    /// The package.
    pub package: PackageView,
    /// Licences to accept.
    pub eulas: Vec<EulaView>,
    /// Deployment options.
    pub deployment_options: Vec<OptionView>,
    /// Hardware when the package has no deployment options.
    pub hardware: Vec<SystemHardware>,
    /// Properties.
    pub properties: Vec<PropertyView>,
    /// Systems and collections.
    pub virtual_systems: Vec<SystemView>,
    /// Networks.
    pub networks: Vec<NetworkView>,
    /// Disks.
    pub disks: Vec<DiskView>,
    /// Files.
    pub files: Vec<FileView>,
    /// Manifest, signature and integrity findings.
    pub integrity: IntegrityView,
    /// The whole model, every section included.
    pub envelope: &'a Envelope,
}

/// SHA-256 of a text, lower-case hex.
pub fn sha256_hex(text: &str) -> String {
    to_hex(&DigestAlgorithm::Sha256.digest(text.as_bytes()))
}

fn text(envelope: &Envelope, t: &Option<LocalizedText>) -> Option<String> {
    t.as_ref().map(|t| envelope.text(t).trim().to_owned())
}

/// A text the operator is shown about what is asked (a property's or option's label,
/// description or category): trimmed, and none when empty, as onboard takes it
/// (docs/decisions.md).
pub fn shown(envelope: &Envelope, t: &Option<LocalizedText>) -> Option<String> {
    text(envelope, t).filter(|t| !t.is_empty())
}

/// Every deployment option with each system's hardware under it: what `inspect` lists and
/// the session asks.
pub fn option_views(envelope: &Envelope) -> Vec<OptionView> {
    let default_option = envelope.default_configuration();
    envelope
        .configurations()
        .iter()
        .map(|c| OptionView {
            id: c.id.value.clone(),
            label: shown(envelope, &c.label),
            description: shown(envelope, &c.description),
            default: Some(c.id.value.as_str()) == default_option,
            hardware: resolved_hardware(envelope, Some(&c.id.value)),
        })
        .collect()
}

/// Every licence of the package: what `inspect` shows and the session asks to accept.
pub fn eula_views(envelope: &Envelope) -> Vec<EulaView> {
    envelope
        .eulas()
        .map(|(index, eula)| {
            let text = eula
                .license
                .as_ref()
                .map(|l| envelope.text(l).to_owned())
                .unwrap_or_default();
            let sha256 = sha256_hex(&text);
            let other_languages = eula
                .license
                .iter()
                .flat_map(|l| envelope.strings.every_language(l))
                .map(sha256_hex)
                .filter(|digest| *digest != sha256)
                .collect();
            EulaView {
                system: envelope.contents[index].id.value.clone(),
                sha256,
                other_languages,
                text,
                line: eula.span.line,
            }
        })
        .collect()
}

/// A property of the system or collection `index`: what `inspect` lists and the session
/// asks. A default is never given for a password, and an empty one is none (onboard asks
/// for a value it has no default for).
pub fn property_view(envelope: &Envelope, index: usize, p: &super::Property) -> PropertyView {
    let default_option = envelope.default_configuration();
    let shown_value = |value: Option<&str>| {
        (!p.password)
            .then(|| value.filter(|v| !v.is_empty()).map(str::to_owned))
            .flatten()
    };
    PropertyView {
        key: p.full_key.clone(),
        system: envelope.contents[index].id.value.clone(),
        type_name: p.type_name.as_ref().map(|t| t.value.clone()),
        qualifiers: p.qualifiers.iter().map(ToString::to_string).collect(),
        label: shown(envelope, &p.label),
        description: shown(envelope, &p.description),
        category: shown(envelope, &p.category),
        default: shown_value(p.default_for(default_option)),
        defaults: envelope
            .configurations()
            .iter()
            .map(|c| {
                (
                    c.id.value.clone(),
                    shown_value(p.default_for(Some(&c.id.value))),
                )
            })
            .collect(),
        password: p.password,
        user_configurable: p.user_configurable,
    }
}

/// Gathers what `inspect` shows about a package whose descriptor parsed into `envelope`.
pub fn inspect<'a>(package: &'a OvfPackage, envelope: &'a Envelope) -> Inspection<'a> {
    let eulas = eula_views(envelope);
    let default_option = envelope.default_configuration();
    let deployment_options = option_views(envelope);
    let hardware = if envelope.configurations().is_empty() {
        resolved_hardware(envelope, None)
    } else {
        Vec::new()
    };
    let properties = envelope
        .properties()
        .map(|(index, _, p)| property_view(envelope, index, p))
        .collect();
    let virtual_systems = envelope
        .contents
        .iter()
        .map(|c| system_view(envelope, c))
        .collect();
    let networks = envelope
        .networks()
        .iter()
        .map(|n| NetworkView {
            name: n.name.value.clone(),
            description: text(envelope, &n.description),
            extension: n.extension.clone(),
            vlans: n
                .port_profiles
                .iter()
                .flat_map(|p| p.transmit_vlans.iter().chain(p.receive_vlans.iter()))
                .fold(Vec::new(), |mut all, v| {
                    if !all.contains(v) {
                        all.push(v.clone());
                    }
                    all
                }),
        })
        .collect();
    let property_default = |key: &str| {
        envelope
            .properties()
            .map(|(_, _, p)| p)
            .find(|p| p.key.value == key || p.full_key == key)
            .and_then(|p| p.default_for(default_option))
            .map(str::to_owned)
    };
    let shared = envelope.disk_section.iter().map(|s| (false, s));
    let disks = shared
        .chain(envelope.shared_disks.iter().map(|s| (true, s)))
        .flat_map(|(shared, s)| s.disks.iter().map(move |d| (shared, d)))
        .map(|(shared, d)| DiskView {
            id: d.disk_id.value.clone(),
            shared,
            capacity: d.capacity.as_ref().map(|c| match &c.value {
                Capacity::Value(n) => n.to_string(),
                Capacity::Property(key) => format!("${{{key}}}"),
            }),
            units: d.capacity_units.as_ref().map(|u| u.text.clone()),
            bytes: d.capacity_bytes(property_default),
            file: d.file_ref.as_ref().map(|f| f.value.clone()),
            format: d.format.clone(),
            volume_type: d.volume_type.clone(),
        })
        .collect();
    let files = envelope
        .references
        .iter()
        .map(|f| FileView {
            id: f.id.value.clone(),
            href: f.href.value.clone(),
            size: f.size,
            present_size: package.present_size(f),
            compression: f.compression.clone(),
            chunk_size: f.chunk_size,
            chunks: f.chunk_count(),
            digest: digest_status(package, f),
        })
        .collect();
    Inspection {
        package: PackageView {
            path: package.label.clone(),
            kind: match package.kind {
                crate::input::source::InputKind::Ova => "ova",
                _ => "ovf",
            },
            descriptor: package.descriptor_name.clone(),
            ovf_version: envelope.version,
            namespace: envelope.namespace.clone(),
            default_lang: envelope.strings.default_lang.clone(),
            languages: envelope
                .strings
                .languages()
                .into_iter()
                .map(str::to_owned)
                .collect(),
            shown_lang: envelope
                .strings
                .requested
                .clone()
                .filter(|lang| envelope.strings.has_language(lang)),
        },
        eulas,
        deployment_options,
        hardware,
        properties,
        virtual_systems,
        networks,
        disks,
        files,
        integrity: integrity_view(&package.integrity),
        envelope,
    }
}

/// The status of a File's stored bytes: its own, or the worst of its chunks.
fn digest_status(package: &OvfPackage, file: &super::sections::FileRef) -> Option<DigestStatus> {
    let name = package.file_name(file)?;
    if file.chunk_count().is_none() {
        return package.integrity.status(&name);
    }
    let mut worst = None;
    // The check judged a bounded number of chunks; the first one it did not is the end.
    for chunk in file.chunk_names() {
        let chunk = resolve(&package.descriptor_name, &chunk).ok()?;
        match package.integrity.status(&chunk) {
            Some(status) => worst = worst.max(Some(status)),
            None => break,
        }
    }
    worst
}

fn integrity_view(report: &IntegrityReport) -> IntegrityView {
    let has = |wanted: fn(&Finding) -> bool| report.findings.iter().any(wanted);
    IntegrityView {
        manifest: report.manifest.clone(),
        certificate: report.certificate.clone(),
        signature: report.signature.as_ref().map(|s| SignatureView {
            signer: s.signer.clone(),
            issuer: s.issuer.clone(),
            not_before: s.not_before.clone(),
            not_after: s.not_after.clone(),
            self_signed: s.self_signed,
            expired: has(|f| matches!(f, Finding::CertificateExpired { .. })),
            not_yet_valid: has(|f| matches!(f, Finding::CertificateNotYetValid { .. })),
            algorithm: s.algorithm.to_string(),
            key_bits: s.key_bits,
            chain_length: s.chain_length,
            verified: s.verified,
        }),
        files_hashed: report.files_hashed,
        bytes_hashed: report.bytes_hashed,
        findings: report
            .findings
            .iter()
            .map(|f| FindingView {
                rule: f.rule().id,
                severity: f.severity().as_str(),
                file: f.file().to_owned(),
                at: f.text_location().map(|(file, line)| TextPlace {
                    file: file.to_owned(),
                    line,
                }),
                message: f.to_string(),
            })
            .collect(),
    }
}

fn system_view(envelope: &Envelope, content: &Content) -> SystemView {
    let product = content.products.first();
    SystemView {
        id: content.id.value.clone(),
        kind: content.kind,
        name: text(envelope, &content.name),
        info: text(envelope, &content.info),
        parent: content
            .parent
            .map(|p| envelope.contents[p].id.value.clone()),
        members: content
            .children
            .iter()
            .map(|&c| envelope.contents[c].id.value.clone())
            .collect(),
        operating_system: content
            .operating_system
            .as_ref()
            .and_then(|os| text(envelope, &os.description)),
        product: product.and_then(|p| {
            let name = text(envelope, &p.product)?;
            Some(match text(envelope, &p.version) {
                Some(version) => format!("{name} {version}"),
                None => name,
            })
        }),
        vendor: product.and_then(|p| text(envelope, &p.vendor)),
        annotation: content
            .annotation
            .as_ref()
            .and_then(|a| text(envelope, &a.annotation)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_sha256_hex() {
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
