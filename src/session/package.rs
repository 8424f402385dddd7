//! The package step. While resolving, what the packages are made of is decided: the VNF's
//! identity, the one timestamp, and a resolved set per CSAR flavour (the answers resolved
//! once per OVF deployment option). While writing, the packages are written into the
//! output's staging folder, streamed (images are never held in memory) and validated,
//! before the folder is moved into place: a failing package fails the whole run.

use std::path::Path;

use crate::check::waivers::Record;
use crate::foundation::diagnostics::Options;
use crate::model::hot::{HotSet, Stage};
use crate::model::ovf::OvfPackage;
use crate::session::answers::Answers;
use crate::transform::package::HeatZipRequest;
use crate::transform::package::PackageFormat;
use crate::transform::package::etsi_types::{SOL001_VERSION, TYPE_FILES};
use crate::transform::package::heat_zip::manifest_json;
use crate::transform::package::identity::from_ovf;
use crate::transform::package::time::BadSourceDateEpoch;
use crate::transform::package::vnfd_writer::SOL001_TYPES;
use crate::transform::package::{
    CsarFlavour, CsarRequest, EtsiTypes, FlavourSpec, PackageError, PackageSet, PackageTime,
    VnfIdentity, WrittenPackage, deployment_flavours, kinds, write_packages,
};

use super::Session;
use super::check::AnswerProblem;
use super::resolve::{OutputFile, Refusal};

/// What the packages of a run are made of.
#[derive(Debug)]
pub struct Packaging {
    /// The VNF's identity (VNFD node, manifest metadata, MANIFEST.json).
    pub identity: VnfIdentity,
    /// The packages' timestamp.
    pub time: PackageTime,
    /// What the VNF is: the base template's description.
    pub description: String,
    /// The resolved sets: the first is the output set (answers.yaml left out), the heat
    /// zip's content and the CSAR flavour of the chosen option.
    sets: Vec<HotSet>,
    /// The CSAR's flavours, each with its set (an index into `sets`); empty without a CSAR.
    flavours: Vec<(FlavourSpec, usize)>,
    /// ETSI's SOL001 type files for the CSAR, read and checked (`etsi_types`).
    etsi_types: Option<EtsiTypes>,
}

impl Packaging {
    /// The resolved set the heat zip holds.
    pub fn templates(&self) -> &HotSet {
        &self.sets[0]
    }

    /// SDC's `MANIFEST.json` of the heat zip recording `waivers`: the output's `heat/`
    /// holds it too, so the folder is exactly what the zip holds.
    pub fn heat_manifest(&self, waivers: &[Record]) -> String {
        manifest_json(&HeatZipRequest {
            name: &self.identity.product_name,
            description: &self.description,
            version: &self.identity.software_version,
            set: self.templates(),
            waivers,
            time: self.time,
        })
    }

    /// The CSAR's flavours with their resolved sets.
    pub fn flavours(&self) -> impl Iterator<Item = (&FlavourSpec, &HotSet)> {
        self.flavours
            .iter()
            .map(|(spec, index)| (spec, &self.sets[*index]))
    }
}

/// The `description:` of a set's base module (first module when none is the base).
fn base_description(set: &HotSet) -> Option<String> {
    let module = set.base_module().or(set.modules.first())?;
    let text = set
        .template(module.template)?
        .root
        .get("description")?
        .as_str()?
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    (!text.is_empty()).then_some(text)
}

impl Session {
    /// The OVF package, for an OVF session.
    fn ovf_package(&self) -> Option<&OvfPackage> {
        self.ovf().map(|(package, _)| package)
    }

    /// The disk images a CSAR needs that the source lacks (an OVF whose images are not
    /// beside it): checked before writing, so the write step says it ahead.
    pub fn missing_images(&self) -> Vec<String> {
        self.ovf_package()
            .map(crate::transform::package::missing_images)
            .unwrap_or_default()
    }

    /// The packages' timestamp for `answers`: `SOURCE_DATE_EPOCH`, else `package_date`,
    /// else the source's modification time. A malformed `SOURCE_DATE_EPOCH` is an error
    /// of the run's environment, not of the answers.
    pub fn package_time(&self, answers: &Answers) -> Result<PackageTime, BadSourceDateEpoch> {
        PackageTime::for_run(answers.package_date.as_deref(), Path::new(&self.label))
    }

    /// Decides what the packages are made of, recording in `effective` the descriptor id
    /// and the timestamp (when the answers did not give it) so a replay writes the same
    /// bytes. `files` are the output files without answers.yaml.
    pub(super) fn packaging(
        &self,
        answers: &Answers,
        files: &[OutputFile],
        effective: &mut Answers,
    ) -> Result<Packaging, Refusal> {
        let time = self.package_time(answers).map_err(|error| Refusal {
            problems: vec![AnswerProblem {
                subject: "SOURCE_DATE_EPOCH".to_owned(),
                rule: "package_date".to_owned(),
                message: error.to_string(),
                choices: vec!["a whole number of seconds since 1970-01-01".to_owned()],
            }],
            ..Refusal::default()
        })?;
        let identity = from_ovf(
            self.ovf_package(),
            &self.name,
            answers.descriptor_id.as_deref(),
        );
        effective.descriptor_id = Some(identity.descriptor_id.clone());
        let answered = answers
            .package_date
            .as_deref()
            .and_then(PackageTime::parse_rfc3339);
        if answered != Some(time) {
            effective.package_date = Some(time.rfc3339());
        }
        let mut sets = vec![self.package_set(files)];
        let description = base_description(&sets[0]).unwrap_or_else(|| {
            format!(
                "{} {} by {}",
                identity.product_name, identity.software_version, identity.provider
            )
        });
        let wants_csar = matches!(
            answers.package,
            Some(PackageFormat::Csar | PackageFormat::Both)
        );
        let mut flavours = Vec::new();
        let etsi_types = match answers.etsi_types.as_deref().filter(|_| wants_csar) {
            Some(folder) => {
                let types =
                    EtsiTypes::load(folder, &SOL001_TYPES, &self.limits).map_err(|error| {
                        Refusal {
                            problems: vec![AnswerProblem {
                                subject: "etsi_types".to_owned(),
                                rule: "etsi_types".to_owned(),
                                message: error.to_string(),
                                choices: vec![format!(
                                    "a folder holding ETSI's {} and {} of SOL001 {SOL001_VERSION}",
                                    TYPE_FILES[0], TYPE_FILES[1]
                                )],
                            }],
                            ..Refusal::default()
                        }
                    })?;
                // Recorded whole, so a replay from any folder finds the same files.
                effective.etsi_types =
                    Some(std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf()));
                Some(types)
            }
            None => None,
        };
        if wants_csar {
            for spec in deployment_flavours(self.ovf_package()) {
                let index = match &spec.option {
                    Some(option) if Some(option) != effective.deployment_option.as_ref() => {
                        sets.push(self.flavour_set(answers, option)?);
                        sets.len() - 1
                    }
                    _ => 0,
                };
                flavours.push((spec, index));
            }
        }
        Ok(Packaging {
            identity,
            time,
            description,
            sets,
            flavours,
            etsi_types,
        })
    }

    /// Output files loaded as a package holds them, Heat-ready.
    fn package_set(&self, files: &[OutputFile]) -> HotSet {
        let mut set = self.load(files);
        set.stage = Stage::HeatReady;
        set
    }

    /// The answers resolved under another deployment option: a CSAR flavour's set. Problems
    /// only that option has (a property without a default there) refuse the run, naming it.
    fn flavour_set(&self, answers: &Answers, option: &str) -> Result<HotSet, Refusal> {
        let mut under = answers.clone();
        under.deployment_option = Some(option.to_owned());
        let problems: Vec<AnswerProblem> = self
            .check(&under)
            .into_iter()
            .map(|mut p| {
                p.subject = format!("{} (deployment option {option}, a CSAR flavour)", p.subject);
                p
            })
            .collect();
        if !problems.is_empty() {
            return Err(Refusal {
                problems,
                ..Refusal::default()
            });
        }
        let mut scratch = under.clone();
        let output = self.output(&under, &mut scratch)?;
        Ok(self.package_set(&output.files))
    }

    /// Writes the packages `packaging` describes into `folder` (the output's staging
    /// folder), each validated; none when the answers ask for none.
    pub(super) fn write_packages(
        &self,
        format: PackageFormat,
        packaging: Option<&Packaging>,
        waivers: &[Record],
        folder: &Path,
        options: &Options<'_>,
    ) -> Result<Vec<WrittenPackage>, PackageError> {
        let Some(packaging) = packaging.filter(|_| !kinds(format).is_empty()) else {
            return Ok(Vec::new());
        };
        let flavours: Vec<CsarFlavour<'_>> = packaging
            .flavours()
            .map(|(spec, set)| CsarFlavour::new(spec, set))
            .collect();
        let set = PackageSet {
            csar: CsarRequest {
                name: &self.name,
                identity: &packaging.identity,
                description: &packaging.description,
                flavours: &flavours,
                ovf: self.ovf_package(),
                user_data: &[],
                etsi_types: packaging.etsi_types.as_ref(),
                waivers,
                time: packaging.time,
            },
            templates: packaging.templates(),
        };
        write_packages(&set, format, folder, options, self.rules())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::session::ANSWERS_FILE;

    fn open(path: &str) -> Session {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        Session::open(&path, &Limits::default()).expect("opens")
    }

    fn bytes_of<'a>(set: &'a HotSet, name: &str) -> &'a [u8] {
        set.files
            .iter()
            .find(|f| f.path == name)
            .map(|f| f.bytes.as_slice())
            .unwrap_or_default()
    }

    #[test]
    fn each_deployment_option_is_a_flavour_with_its_own_resolved_set() {
        let session = open("tests/fixtures/package/vfw/vfw.ovf");
        let answers = Answers {
            package: Some(PackageFormat::Both),
            ..Answers::default()
        };
        let resolved = session.resolve(&answers).expect("resolves");
        let packaging = resolved.packaging.expect("packages asked for");
        let flavours: Vec<(&str, &HotSet)> = packaging
            .flavours()
            .map(|(spec, set)| (spec.id.as_str(), set))
            .collect();
        let ids: Vec<&str> = flavours.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, ["small", "large"]);
        // The default option is the written set; the other is resolved under its own option.
        assert!(std::ptr::eq(flavours[0].1, packaging.templates()));
        assert_ne!(
            bytes_of(flavours[0].1, "base_vfw.env"),
            bytes_of(flavours[1].1, "base_vfw.env")
        );
        assert!(flavours.iter().all(|(_, set)| !set.is_composing()));
        assert_eq!(packaging.identity.product_name, "vFirewall");
        let recorded = resolved
            .files
            .iter()
            .find(|f| f.path == ANSWERS_FILE)
            .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
            .unwrap_or_default();
        assert!(
            recorded.contains(&format!(
                "descriptor_id: {}",
                packaging.identity.descriptor_id
            )),
            "{recorded}"
        );
        assert!(recorded.contains("package_date: "), "{recorded}");
    }

    #[test]
    fn a_heat_zip_alone_needs_no_flavour_and_a_hot_set_describes_itself() {
        let session = open("tests/fixtures/capabilities/firewall_requires");
        let answers = Answers {
            package: Some(PackageFormat::HeatZip),
            ..Answers::default()
        };
        let resolved = session.resolve(&answers).expect("resolves");
        let packaging = resolved.packaging.expect("packages asked for");
        assert_eq!(packaging.flavours().count(), 0);
        assert!(!packaging.templates().is_composing());
        let base = &packaging.templates().files;
        assert!(base.iter().any(|f| f.path == "fw_node_dpdk.yaml"));
        assert!(!base.iter().any(|f| f.path == ANSWERS_FILE));
        assert!(
            packaging.description.starts_with("Base module"),
            "{}",
            packaging.description
        );
    }
}
