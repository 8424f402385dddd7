//! Writes an ETSI SOL004 CSAR in Tacker's layout: `TOSCA-Metadata/TOSCA.meta`,
//! `Definitions/` (the generated VNFD), `Files/images/` (the OVF's disks, streamed from the
//! package in one pass and stored), `BaseHOT/<flavour>/` (each flavour's HOT set),
//! `UserData/` when asked, ETSI's SOL001 type files in `Definitions/` when the operator
//! gave them, and `<name>.mf` with the metadata block and a SHA-256 entry for every other
//! file. The output is reproducible: one timestamp, fixed permissions, sorted
//! directory.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Read;
use std::path::Path;

use crate::foundation::diagnostics::Options;
use crate::input::integrity::digest::{Hasher, to_hex};
use crate::input::integrity::{DigestAlgorithm, Tracker};
use crate::input::source::path;
use crate::input::yaml::write::scalar_text;
use crate::model::hot::{HotSet, ReferenceKind, Role, TemplateKind};
use crate::model::ovf::sections::hardware::file_id;
use crate::model::ovf::{OvfPackage, resolved_hardware};

use crate::check::waivers::{Record, record};

use super::error::PackageError;
use super::etsi_types::EtsiTypes;
use super::identity::VnfIdentity;
use super::staging::StagedZip;
use super::time::PackageTime;
use super::vnfd_writer::{self, FlavourPlan, Image, VnfdPlan, disk_format};
use crate::model::csar::meta::META_PATH;

/// One deployment flavour to package: its id, what it is, the OVF option it stands for and
/// its resolved HOT set (written under `BaseHOT/<id>/`).
#[derive(Clone, Copy, Debug)]
pub struct CsarFlavour<'a> {
    /// The flavour id (`[A-Za-z0-9_-]`), also the BaseHOT folder name.
    pub id: &'a str,
    /// What the flavour is, for people.
    pub description: &'a str,
    /// The OVF deployment option (`None`: the package's default).
    pub option: Option<&'a str>,
    /// The flavour's templates, env files, nested templates and `get_file` files.
    pub templates: &'a HotSet,
}

impl<'a> CsarFlavour<'a> {
    /// The flavour `spec` describes, with its templates.
    pub fn new(spec: &'a FlavourSpec, templates: &'a HotSet) -> CsarFlavour<'a> {
        CsarFlavour {
            id: &spec.id,
            description: &spec.description,
            option: spec.option.as_deref(),
            templates,
        }
    }
}

/// Everything a CSAR is made of.
#[derive(Clone, Copy, Debug)]
pub struct CsarRequest<'a> {
    /// The base name of the files (`<name>.mf`, `Definitions/<name>_top.vnfd.yaml`).
    pub name: &'a str,
    /// The VNF's identity.
    pub identity: &'a VnfIdentity,
    /// What the VNF is, for people.
    pub description: &'a str,
    /// The flavours, at least one.
    pub flavours: &'a [CsarFlavour<'a>],
    /// The OVF package whose systems the VNFD describes and whose disks become images.
    pub ovf: Option<&'a OvfPackage>,
    /// `UserData/` files (path below `UserData/`, bytes); empty: no folder.
    pub user_data: &'a [(String, Vec<u8>)],
    /// ETSI's SOL001 type files, stored in `Definitions/` and imported by name (`None`:
    /// imported by ETSI's URL).
    pub etsi_types: Option<&'a EtsiTypes>,
    /// The findings accepted with a reason, stored as an informational artifact
    /// ([`WAIVERS_PATH`]) listed and hashed in the manifest; empty: no such file.
    pub waivers: &'a [Record],
    /// The package's timestamp.
    pub time: PackageTime,
}

/// Where a CSAR keeps the waivers: with SDC's informational artifacts of type OTHER.
pub const WAIVERS_PATH: &str = "Artifacts/Informational/OTHER/vnfwiz-waivers.json";

/// A flavour to generate: its id, description and the OVF option it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlavourSpec {
    /// The flavour id: the option id made safe (`[A-Za-z0-9_-]`) and unique.
    pub id: String,
    /// The option's label and description.
    pub description: String,
    /// The OVF option (`None` for a package without options).
    pub option: Option<String>,
}

/// The flavour id of a package without deployment options.
pub const DEFAULT_FLAVOUR: &str = "default";

/// One flavour per OVF deployment option, in the descriptor's order, or one `default`
/// flavour when there is no option (or no OVF).
pub fn deployment_flavours(ovf: Option<&OvfPackage>) -> Vec<FlavourSpec> {
    let Some(envelope) = ovf.and_then(OvfPackage::envelope) else {
        return vec![default_flavour()];
    };
    let mut taken: HashMap<String, usize> = HashMap::new();
    let flavours: Vec<FlavourSpec> = envelope
        .configurations()
        .iter()
        .map(|configuration| {
            let base = vnfd_writer::safe_name(&configuration.id.value);
            let count = taken.entry(base.clone()).or_insert(0);
            *count += 1;
            let id = if *count == 1 {
                base
            } else {
                format!("{base}_{count}")
            };
            let words: Vec<String> = [&configuration.label, &configuration.description]
                .into_iter()
                .flatten()
                .map(|t| envelope.text(t).trim().to_owned())
                .filter(|t| !t.is_empty())
                .collect();
            FlavourSpec {
                description: if words.is_empty() {
                    format!("Deployment option {}", configuration.id.value)
                } else {
                    words.join(": ")
                },
                id,
                option: Some(configuration.id.value.clone()),
            }
        })
        .collect();
    if flavours.is_empty() {
        vec![default_flavour()]
    } else {
        flavours
    }
}

fn default_flavour() -> FlavourSpec {
    FlavourSpec {
        id: DEFAULT_FLAVOUR.to_owned(),
        description: "The only deployment flavour".to_owned(),
        option: None,
    }
}

/// A disk file of the OVF package and where it goes.
struct ImageSource {
    /// The OVF File id.
    id: String,
    /// The file inside the OVF package.
    source: String,
    /// Its path in the CSAR.
    path: String,
}

/// The disk files to store: every File a Disk or an `ovf:/file/` host resource names.
/// The disk images a CSAR of `ovf` carries that the package lacks (a CSAR cannot be written
/// without them; the heat zip needs none), by file name.
pub fn missing_images(ovf: &OvfPackage) -> Vec<String> {
    image_sources(ovf)
        .unwrap_or_default()
        .into_iter()
        .filter(|image| ovf.files.size(&image.source).is_none())
        .map(|image| image.source)
        .collect()
}

fn image_sources(ovf: &OvfPackage) -> Result<Vec<ImageSource>, PackageError> {
    let Some(envelope) = ovf.envelope() else {
        return Ok(Vec::new());
    };
    let mut ids: Vec<&str> = envelope
        .disks()
        .filter_map(|d| d.file_ref.as_ref().map(|r| r.value.as_str()))
        .collect();
    for (_, system) in envelope.virtual_systems() {
        for section in &system.hardware {
            for item in &section.items {
                ids.extend(item.host_resources.iter().filter_map(|h| file_id(&h.value)));
            }
        }
    }
    let mut out: Vec<ImageSource> = Vec::new();
    let mut taken: HashMap<String, usize> = HashMap::new();
    for id in ids {
        if out.iter().any(|i| i.id == id) {
            continue;
        }
        let Some(file) = envelope.file(id) else {
            continue;
        };
        let href = &file.href.value;
        let refuse = |reason: &str| PackageError::Image {
            file: href.clone(),
            reason: reason.to_owned(),
        };
        if file.compression.as_deref().is_some_and(|c| c != "identity") {
            return Err(refuse("the OVF stores it compressed"));
        }
        if file.chunk_size.is_some() {
            return Err(refuse("the OVF stores it in chunks"));
        }
        let source = ovf
            .file_name(file)
            .ok_or_else(|| refuse("its href is a URL or leaves the package"))?;
        let base = vnfd_writer::safe_file_name(source.rsplit('/').next().unwrap_or(&source));
        let count = taken.entry(base.clone()).or_insert(0);
        *count += 1;
        let name = if *count == 1 {
            base
        } else {
            format!("{}-{base}", vnfd_writer::safe_name(id))
        };
        out.push(ImageSource {
            id: id.to_owned(),
            source,
            path: format!("Files/images/{name}"),
        });
    }
    Ok(out)
}

/// Reports bytes read to the progress tracker, and stops once the run is cancelled (a
/// signal) instead of copying the rest of the image.
struct Tracked<'r, 't> {
    inner: &'r mut dyn Read,
    tracker: &'t Tracker<'t>,
}

impl Read for Tracked<'_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.tracker.check().map_err(std::io::Error::other)?;
        let n = self.inner.read(buf)?;
        self.tracker.advance(n as u64);
        Ok(n)
    }
}

/// The flavours' hardware plans, from the OVF (none without one).
fn flavour_plans(request: &CsarRequest<'_>) -> Vec<FlavourPlan> {
    request
        .flavours
        .iter()
        .map(|f| FlavourPlan {
            id: f.id.to_owned(),
            description: f.description.to_owned(),
            systems: request
                .ovf
                .and_then(OvfPackage::envelope)
                .map(|e| resolved_hardware(e, f.option))
                .unwrap_or_default(),
        })
        .collect()
}

/// Writes the CSAR to `destination` (through a staging file, so a failure leaves nothing).
pub fn write_csar(
    request: &CsarRequest<'_>,
    destination: &Path,
    options: &Options<'_>,
) -> Result<(), PackageError> {
    let mut staged = StagedZip::create(destination, request.time.dos())?;
    let mut digests: BTreeMap<String, String> = BTreeMap::new();
    let mut images: HashMap<String, Image> = HashMap::new();
    if let Some(ovf) = request.ovf {
        let sources = image_sources(ovf)?;
        let names: Vec<String> = sources.iter().map(|s| s.source.clone()).collect();
        let total = names.iter().filter_map(|n| ovf.files.size(n)).sum();
        let tracker = Tracker::new(total, options);
        ovf.files
            .stream_each(&names, |name, size, reader| -> Result<(), PackageError> {
                let Some(source) = sources.iter().find(|s| s.source == name) else {
                    return Ok(());
                };
                let mut hasher = Hasher::new(&[DigestAlgorithm::Sha256]);
                let mut tracked = Tracked {
                    inner: reader,
                    tracker: &tracker,
                };
                staged
                    .zip
                    .add_stored(&source.path, size, &mut tracked, &mut hasher)?;
                let sha256 = hasher
                    .finish()
                    .get(DigestAlgorithm::Sha256)
                    .map(to_hex)
                    .unwrap_or_default();
                digests.insert(source.path.clone(), sha256.clone());
                images.insert(
                    source.id.clone(),
                    Image {
                        path: source.path.clone(),
                        sha256,
                        size,
                        disk_format: disk_format(&source.path),
                    },
                );
                Ok(())
            })?;
        tracker.finish();
    }
    let mut texts: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let networks: Vec<(String, String)> = request
        .ovf
        .and_then(OvfPackage::envelope)
        .map(|e| {
            e.networks()
                .iter()
                .map(|n| {
                    let description = n
                        .description
                        .as_ref()
                        .map(|d| e.text(d).trim().to_owned())
                        .unwrap_or_default();
                    (n.name.value.clone(), description)
                })
                .collect()
        })
        .unwrap_or_default();
    let plans = flavour_plans(request);
    let plan = VnfdPlan {
        name: request.name,
        identity: request.identity,
        description: request.description.to_owned(),
        flavours: &plans,
        networks: &networks,
        images: &images,
        local_types: request.etsi_types.is_some(),
    };
    for (path, text) in vnfd_writer::generate(&plan)? {
        texts.insert(path, text.into_bytes());
    }
    for file in request.etsi_types.iter().flat_map(|t| &t.files) {
        texts.insert(format!("Definitions/{}", file.name), file.bytes.clone());
    }
    for flavour in request.flavours {
        for (place, bytes) in base_hot_layout(flavour.templates) {
            texts.insert(format!("BaseHOT/{}/{place}", flavour.id), bytes.to_vec());
        }
    }
    for (path, bytes) in request.user_data {
        texts.insert(format!("UserData/{path}"), bytes.clone());
    }
    if !request.waivers.is_empty() {
        texts.insert(
            WAIVERS_PATH.to_owned(),
            record::render(request.waivers).into_bytes(),
        );
    }
    let manifest_name = format!("{}.mf", request.name);
    texts.insert(
        META_PATH.to_owned(),
        tosca_meta(request, &manifest_name).into_bytes(),
    );
    for (path, bytes) in &texts {
        digests.insert(path.clone(), to_hex(&DigestAlgorithm::Sha256.digest(bytes)));
    }
    texts.insert(
        manifest_name,
        manifest(request.identity, request.time, &digests).into_bytes(),
    );
    for (path, bytes) in &texts {
        staged.zip.add_deflated(path, bytes)?;
    }
    staged.commit(destination)
}

/// Where each file of a flavour's set goes below `BaseHOT/<flavour>/`: nested templates
/// in `nested/` by file name (Tacker hands them to Heat by file name), a `get_file`
/// target where the reference, as written, leads from the place of the template reading
/// it (so a nested template's files follow it into `nested/`, and a file read from two
/// places is stored at both), everything else at its own path.
fn base_hot_layout(set: &HotSet) -> BTreeMap<String, &[u8]> {
    let place = |id: usize| -> String {
        let file = &set.files[id];
        match file.role {
            Role::Template(TemplateKind::Nested) => {
                let name = file.path.rsplit('/').next().unwrap_or(&file.path);
                format!("nested/{name}")
            }
            _ => file.path.clone(),
        }
    };
    let mut out: BTreeMap<String, &[u8]> = BTreeMap::new();
    let mut read: HashSet<usize> = HashSet::new();
    for reference in &set.references {
        let Ok(target) = reference.resolved else {
            continue;
        };
        if reference.kind != ReferenceKind::GetFile {
            continue;
        }
        let at = path::resolve(&place(reference.from), &reference.target)
            .unwrap_or_else(|_| set.files[target].path.clone());
        out.insert(at, &set.files[target].bytes);
        read.insert(target);
    }
    for (id, file) in set.files.iter().enumerate() {
        let template = matches!(file.role, Role::Template(_));
        if file.role == Role::Manifest || (read.contains(&id) && !template) {
            continue;
        }
        out.insert(place(id), &file.bytes);
    }
    out
}

/// `TOSCA.meta`, valid YAML as tosca-parser reads it.
fn tosca_meta(request: &CsarRequest<'_>, manifest: &str) -> String {
    format!(
        "TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: {}\n\
         Entry-Definitions: Definitions/{}_top.vnfd.yaml\nETSI-Entry-Manifest: {manifest}\n",
        scalar_text(&request.identity.provider),
        request.name
    )
}

/// The manifest: SOL004's metadata block, then one SHA-256 entry per file, sorted.
fn manifest(
    identity: &VnfIdentity,
    time: PackageTime,
    digests: &BTreeMap<String, String>,
) -> String {
    let one_line = |s: &str| s.replace(['\n', '\r'], " ");
    let mut out = format!(
        "metadata:\n  vnf_product_name: {}\n  vnf_provider_id: {}\n  vnf_package_version: {}\n  \
         vnf_release_date_time: {}\n",
        one_line(&identity.product_name),
        one_line(&identity.provider),
        one_line(&identity.software_version),
        time.rfc3339()
    );
    for (path, sha256) in digests {
        out.push_str(&format!(
            "\nSource: {path}\nAlgorithm: SHA-256\nHash: {sha256}\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flavours_follow_deployment_options() {
        let ovf = super::super::vfw_fixture();
        let flavours = deployment_flavours(Some(&ovf));
        let ids: Vec<&str> = flavours.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["small", "large"]);
        assert_eq!(
            flavours[0].description,
            "Small: 2 vCPUs, 4 GiB: up to 2 Gbit/s of inspected traffic"
        );
        assert_eq!(deployment_flavours(None), [default_flavour()]);
    }

    #[test]
    fn manifest_layout() {
        let identity = VnfIdentity::new("Acme Networks", "vFirewall", "9.1", None);
        let mut digests = BTreeMap::new();
        digests.insert("Files/images/fw.qcow2".to_owned(), "ab".repeat(32));
        digests.insert("Definitions/vfw_top.vnfd.yaml".to_owned(), "cd".repeat(32));
        let text = manifest(&identity, PackageTime(1_714_557_600), &digests);
        assert!(text.starts_with(
            "metadata:\n  vnf_product_name: vFirewall\n  vnf_provider_id: Acme Networks\n"
        ));
        assert!(text.contains(
            "  vnf_release_date_time: 2024-05-01T10:00:00+00:00\n\nSource: Definitions/"
        ));
        assert!(text.ends_with(&format!(
            "\nSource: Files/images/fw.qcow2\nAlgorithm: SHA-256\nHash: {}\n",
            "ab".repeat(32)
        )));
    }
}
