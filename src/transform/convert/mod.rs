//! OVF → HOT: one module per OVF section (docs/mapping.md is the table), names reduced to
//! what ONAP accepts, every value in the environment file and none as a default.
//!
//! The conversion is a pure function of the envelope, the package's files and checked
//! choices (deployment option, property values, OVF environment transport). It never
//! decides whether answers are acceptable: the session checks them first.

mod deployment_option;
mod disk;
pub mod draft;
mod environment_files;
mod ethernet_port;
mod identity;
pub mod names;
mod network;
pub mod ovf_environment;
mod placement;
mod product;
mod references;
mod resource_group;
mod router_interface;
mod scale_out;
mod startup;
mod transport;
mod unmapped;
mod virtual_hardware;
mod virtual_router;
mod virtual_system;

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use serde::Serialize;

use crate::model::ovf::{Envelope, OvfPackage, SystemHardware, resolved_hardware_with};
pub use environment_files::user_data_file;
pub use transport::EnvTransport;

use draft::{BASE, Output};

/// What the operator decided, already checked by the session.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    /// The deployment option (`None` when the package has none).
    pub option: Option<String>,
    /// Every property's value by full key: the answer, else the option's default, else "".
    pub values: BTreeMap<String, String>,
    /// Full keys the operator answered (they hold for every option, not only the chosen).
    pub answered: Vec<String>,
    /// Full keys of user-configurable properties without a value, left for instantiation:
    /// their parameters get no value in the environment file.
    pub open: Vec<String>,
    /// How the OVF environment reaches the guests.
    pub transport: EnvTransport,
}

impl Choices {
    /// A property's value by full key ("" when it has none).
    pub fn value(&self, full_key: &str) -> String {
        self.values.get(full_key).cloned().unwrap_or_default()
    }
}

/// How serious a conversion note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NoteLevel {
    /// The package cannot be converted as it is.
    Error,
    /// Converted, but something of the package has no HOT meaning or was changed.
    Warning,
}

/// Something the conversion reports about the package.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// Error or warning.
    pub level: NoteLevel,
    /// The OVF section concerned (`EncryptionSection`, `StartupSection`, …).
    pub section: &'static str,
    /// The element concerned (`VirtualSystem[pcscf]`, `Network[sig]`, …).
    pub subject: String,
    /// What happened and what to do.
    pub message: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.level {
            NoteLevel::Error => "error",
            NoteLevel::Warning => "warning",
        };
        write!(
            f,
            "{level}: {} {}: {}",
            self.section, self.subject, self.message
        )
    }
}

/// Why a package cannot be converted: every error note (with the warnings found so far).
#[derive(Debug, thiserror::Error)]
#[error("the package cannot be converted: {}", .notes.iter().filter(|n| n.level == NoteLevel::Error).map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct ConvertError {
    /// Every note, errors first.
    pub notes: Vec<Note>,
}

/// What decides a base parameter's value, for parameters the operator sets through OVF
/// answers rather than `parameters:`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "key", rename_all = "snake_case")]
pub enum Owner {
    /// A user-configurable ProductSection property (its full key).
    Property(String),
}

/// The generated set in memory.
#[derive(Debug)]
pub struct Conversion {
    /// The base template's file name.
    pub template: String,
    /// Its environment file's name.
    pub environment: String,
    /// Every file, package-relative: templates (base first), the environment file, then
    /// the files `get_file` reads.
    pub files: Vec<(String, Vec<u8>)>,
    /// The nested templates among `files`.
    pub nested: Vec<String>,
    /// Base parameters whose values come from OVF answers.
    pub owners: BTreeMap<String, Owner>,
    /// Warnings about the package.
    pub notes: Vec<Note>,
}

/// Everything the section modules share while converting.
pub(crate) struct Converter<'a> {
    /// The package (for environment files).
    pub package: &'a OvfPackage,
    /// Its envelope.
    pub envelope: &'a Envelope,
    /// The operator's decisions.
    pub choices: &'a Choices,
    /// The templates being written.
    pub out: Output,
    /// Notes so far.
    pub notes: Vec<Note>,
    /// Files `get_file` reads, by output path.
    pub files: Vec<(String, Vec<u8>)>,
    /// The output path of each package file copied so far, by package path.
    pub copied: HashMap<String, String>,
    /// Each virtual system's hardware for the chosen option, by system index.
    pub hardware: HashMap<usize, SystemHardware>,
    /// Image parameters by system index and disk id (`None`: a system without disks).
    pub images: HashMap<(usize, Option<String>), String>,
    /// Base parameters decided by OVF answers.
    pub owners: BTreeMap<String, Owner>,
    /// The module text of file names (`base_<module>.yaml`, `<module>_<prototype>.yaml`)
    /// and flavor names.
    pub module: String,
    /// Nested templates whose systems each go into a template of their own.
    pub split: std::collections::HashSet<draft::DraftId>,
    /// Each virtual system's ONAP `{vm-type}`, by system index.
    pub vm_types: HashMap<usize, String>,
    /// Each network's ONAP `{network-role}`, by `ovf:name`.
    pub network_roles: HashMap<String, String>,
    /// Networks by `ovf:name`.
    pub networks: network::Networks,
    /// Server groups by placement group id.
    pub groups: placement::Groups,
    /// Availability-zone parameters by `ecs:ResourceGroup` id.
    pub zones: resource_group::Zones,
    /// Property parameters by full key.
    pub properties: product::PropertyParameters,
    /// The deployment-option selector, when there is a choice.
    pub sizing: deployment_option::Sizing,
}

impl Converter<'_> {
    /// The `{vm-type}` of a virtual system.
    pub fn vm_type(&self, system: usize) -> String {
        self.vm_types
            .get(&system)
            .cloned()
            .unwrap_or_else(|| "vm".to_owned())
    }

    /// The `{network-role}` of a network by `ovf:name` (distinct for every network).
    pub fn network_role(&self, name: &str) -> String {
        self.network_roles
            .get(name)
            .cloned()
            .unwrap_or_else(|| names::role(name, "net"))
    }

    /// Records a note.
    pub fn note(
        &mut self,
        level: NoteLevel,
        section: &'static str,
        subject: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.notes.push(Note {
            level,
            section,
            subject: subject.into(),
            message: message.into(),
        });
    }

    /// A localisable text in the envelope's default language, trimmed.
    pub fn text(&self, text: &Option<crate::model::ovf::LocalizedText>) -> Option<String> {
        text.as_ref()
            .map(|t| self.envelope.text(t).trim().to_owned())
            .filter(|t| !t.is_empty())
    }
}

/// Each network's `{network-role}` ([`names::role`] of its name), distinct without regard to
/// case (`net`, then `net2`, … for names that reduce alike, as non-ASCII names do): the
/// NetworkSection's, then those adapters connect to without a declaration.
fn network_roles(envelope: &Envelope) -> HashMap<String, String> {
    let mut taken = std::collections::HashSet::new();
    let mut out = HashMap::new();
    let declared = envelope.networks().iter().map(|n| n.name.value.as_str());
    for name in declared.chain(envelope.undeclared_networks()) {
        if out.contains_key(name) {
            continue;
        }
        let base = names::role(name, "net");
        let candidate = distinct(&base, |c| taken.insert(c.to_ascii_lowercase()));
        out.insert(name.to_owned(), candidate);
    }
    out
}

/// Each virtual system's `{vm-type}` ([`names::role`] of its id), distinct without regard
/// to case (`db`, then `db2`, `db3`, … for ids that reduce alike), and never inside a
/// `{network-role}` (R-48067: ONAP could not tell the two apart in `VM_Network`).
fn vm_types(
    envelope: &Envelope,
    systems: &[usize],
    roles: &HashMap<String, String>,
) -> HashMap<usize, String> {
    let roles: Vec<String> = roles.values().map(|r| r.to_ascii_lowercase()).collect();
    let mut taken = std::collections::HashSet::new();
    let mut out = HashMap::new();
    for &system in systems {
        let base = names::role(&envelope.contents[system].id.value, "vm");
        let candidate = distinct(&base, |c| {
            let folded = c.to_ascii_lowercase();
            !roles.iter().any(|r| r.contains(&folded)) && taken.insert(folded)
        });
        out.insert(system, candidate);
    }
    out
}

/// `base`, else `base2`, `base3`, … : the first that `take` accepts.
fn distinct(base: &str, mut take: impl FnMut(&str) -> bool) -> String {
    let mut candidate = base.to_owned();
    let mut n = 2;
    while !take(&candidate) {
        candidate = format!("{base}{n}");
        n += 1;
    }
    candidate
}

/// Converts a parsed package for `choices` into a template set named after `name`, as
/// ONAP names a base module and its nested templates: `base_<name>.yaml`,
/// `base_<name>.env`, `<name>_<prototype>.yaml` for scale-out groups (`name` without the
/// words `base` and `volume`, [`names::module_text`]).
pub fn convert(
    package: &OvfPackage,
    envelope: &Envelope,
    choices: &Choices,
    name: &str,
) -> Result<Conversion, ConvertError> {
    let module = names::module_text(name);
    let template = format!("base_{module}.yaml");
    let environment = format!("base_{module}.env");
    let lookup = |key: &str| -> Option<String> {
        choices.values.get(key).cloned().or_else(|| {
            envelope
                .properties()
                .find(|(_, _, p)| p.key.value == key)
                .and_then(|(_, _, p)| choices.values.get(&p.full_key).cloned())
        })
    };
    let systems: Vec<usize> = envelope.virtual_systems().map(|(i, _)| i).collect();
    let network_roles = network_roles(envelope);
    let vm_types = vm_types(envelope, &systems, &network_roles);
    let hardware = systems
        .into_iter()
        .zip(resolved_hardware_with(
            envelope,
            choices.option.as_deref(),
            &lookup,
        ))
        .collect();
    let mut c = Converter {
        package,
        envelope,
        choices,
        out: Output::new(template.clone(), String::new()),
        notes: Vec::new(),
        files: Vec::new(),
        copied: HashMap::new(),
        hardware,
        images: HashMap::new(),
        owners: BTreeMap::new(),
        module,
        split: std::collections::HashSet::new(),
        vm_types,
        network_roles,
        networks: network::Networks::default(),
        groups: placement::Groups::default(),
        zones: resource_group::Zones::default(),
        properties: product::PropertyParameters::default(),
        sizing: deployment_option::Sizing::default(),
    };
    unmapped::check(&mut c);
    identity::declare(&mut c);
    deployment_option::declare(&mut c);
    network::declare(&mut c);
    let routers = virtual_router::declare(&mut c);
    router_interface::declare(&mut c, &routers);
    placement::declare(&mut c);
    resource_group::declare(&mut c);
    let roots: Vec<usize> = (0..envelope.contents.len())
        .filter(|&i| envelope.contents[i].parent.is_none())
        .collect();
    for root in roots {
        virtual_system::emit(&mut c, root, BASE);
    }
    if envelope.virtual_systems().next().is_none() {
        c.note(
            NoteLevel::Error,
            "VirtualSystem",
            "Envelope",
            "the package describes no virtual system, so there is nothing to deploy",
        );
    }
    c.out.drafts[BASE].description = unmapped::description(&mut c);
    c.out.group_last(identity::SUPPLIED);
    c.notes.sort_by_key(|n| n.level);
    if c.notes.iter().any(|n| n.level == NoteLevel::Error) {
        return Err(ConvertError { notes: c.notes });
    }
    let Converter {
        out,
        notes,
        files: artifacts,
        owners,
        ..
    } = c;
    let nested = out.drafts.iter().skip(1).map(|d| d.file.clone()).collect();
    let (templates, env) = out.render();
    let mut files: Vec<(String, Vec<u8>)> = templates
        .into_iter()
        .map(|(path, text)| (path, text.into_bytes()))
        .collect();
    files.insert(1.min(files.len()), (environment.clone(), env.into_bytes()));
    files.extend(artifacts);
    Ok(Conversion {
        template,
        environment,
        files,
        nested,
        owners,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::XmlLimits;
    use crate::model::ovf::descriptor::parse;

    fn envelope(body: &str) -> Envelope {
        let text = format!(
            "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\">{body}</Envelope>"
        );
        parse(text.as_bytes(), &XmlLimits::default())
            .envelope
            .expect("parses")
    }

    #[test]
    fn network_roles_stay_distinct_when_names_reduce_alike() {
        let e = envelope(
            "<NetworkSection><Info>n</Info><Network ovf:name=\"管理\"/><Network ovf:name=\"业务\"/><Network ovf:name=\"VM Network\"/><Network ovf:name=\"VM-Network\"/></NetworkSection>",
        );
        let roles = network_roles(&e);
        assert_eq!(roles["管理"], "net");
        assert_eq!(roles["业务"], "net2");
        assert_eq!(roles["VM Network"], "VM_Network");
        assert_eq!(roles["VM-Network"], "VM_Network2");
    }

    #[test]
    fn a_vm_type_never_sits_inside_a_network_role() {
        let e = envelope(
            "<NetworkSection><Info>n</Info><Network ovf:name=\"VM Network\"/></NetworkSection><VirtualSystem ovf:id=\"vm\"><Info>a</Info></VirtualSystem><VirtualSystem ovf:id=\"VM\"><Info>b</Info></VirtualSystem>",
        );
        let systems: Vec<usize> = e.virtual_systems().map(|(i, _)| i).collect();
        let types = vm_types(&e, &systems, &network_roles(&e));
        assert_eq!(types[&systems[0]], "vm2");
        assert_eq!(
            types[&systems[1]], "VM3",
            "distinct from vm2 without regard to case"
        );
    }
}
