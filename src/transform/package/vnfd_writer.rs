//! A SOL001 VNFD generated from an OVF package, in Tacker's layout: a types file pinning
//! the VNF node type's identity, a top-level template importing one `_df_<flavour>.yaml`
//! per deployment option, and in each flavour a `Vdu.Compute` per virtual system (sized by
//! the option's hardware, booting its image), `Vdu.VirtualBlockStorage` for other disks,
//! a `VduCp` per network adapter, a `VnfVirtualLink` per network, and instantiation
//! levels. Every flavour declares the inputs its substitution mapping needs. ETSI's type
//! files are imported by their canonical URLs, or, when the operator gives them
//! (`--etsi-types`), by relative name from `Definitions/`.

use std::collections::HashMap;

use crate::input::yaml::write::{map, node, seq, string, to_string};
use crate::input::yaml::{Node, Value};
use crate::model::ovf::SystemHardware;

use super::error::PackageError;
use super::etsi_types::{SOL001_VERSION, TYPE_FILES};
use super::identity::VnfIdentity;
use crate::model::csar::vnfd::{
    ETSI_TYPES_BASE, INSTANTIATION_LEVELS, SW_IMAGE, VDU_COMPUTE, VDU_STORAGE, VNF_TYPE,
};

/// SOL001's connection point node type.
const VDU_CP: &str = "tosca.nodes.nfv.VduCp";
/// SOL001's internal virtual link node type.
const VIRTUAL_LINK: &str = "tosca.nodes.nfv.VnfVirtualLink";
/// SOL001's per-VDU instantiation levels policy.
const VDU_LEVELS: &str = "tosca.policies.nfv.VduInstantiationLevels";
/// SOL001's VNF lifecycle interface.
const VNFLCM: &str = "tosca.interfaces.nfv.Vnflcm";

/// Every SOL001 type the generated VNFD names: the ETSI files given with `--etsi-types`
/// must define them.
pub const SOL001_TYPES: [&str; 9] = [
    VNF_TYPE,
    VNFLCM,
    VDU_COMPUTE,
    VDU_STORAGE,
    VDU_CP,
    VIRTUAL_LINK,
    INSTANTIATION_LEVELS,
    VDU_LEVELS,
    SW_IMAGE,
];
/// The TOSCA profile the files declare.
const TOSCA_VERSION: &str = "tosca_simple_yaml_1_2";
/// The instantiation level every generated flavour has.
const LEVEL: &str = "default";

/// A software image stored under `Files/images/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Path in the package (`Files/images/<file>`).
    pub path: String,
    /// Lower-case hex SHA-256 of its bytes.
    pub sha256: String,
    /// Its size in bytes.
    pub size: u64,
    /// Glance's disk format, from the file name.
    pub disk_format: &'static str,
}

/// One deployment flavour: an OVF deployment option (or the package without options).
#[derive(Clone, Debug)]
pub struct FlavourPlan {
    /// The flavour id (also the BaseHOT folder name).
    pub id: String,
    /// What the flavour is, for people.
    pub description: String,
    /// The hardware of every virtual system under this option.
    pub systems: Vec<SystemHardware>,
}

/// Everything the VNFD says.
#[derive(Clone, Debug)]
pub struct VnfdPlan<'a> {
    /// The package's base name (file names are `Definitions/<name>_…`).
    pub name: &'a str,
    /// The VNF's identity.
    pub identity: &'a VnfIdentity,
    /// What the VNF is, for people.
    pub description: String,
    /// The flavours, in order.
    pub flavours: &'a [FlavourPlan],
    /// OVF networks: name and description.
    pub networks: &'a [(String, String)],
    /// Images by OVF File id.
    pub images: &'a HashMap<String, Image>,
    /// Whether ETSI's type files are in `Definitions/` (else imported by URL).
    pub local_types: bool,
}

/// Glance's disk format for an image file name.
pub fn disk_format(file: &str) -> &'static str {
    let lower = file.to_ascii_lowercase();
    let extension = lower.rsplit('.').next().unwrap_or("");
    match extension {
        "vmdk" => "vmdk",
        "qcow2" | "qcow" => "qcow2",
        "vhd" => "vhd",
        "vhdx" => "vhdx",
        "vdi" => "vdi",
        "iso" => "iso",
        "ploop" => "ploop",
        _ => "raw",
    }
}

/// A name safe as a node template name, file name part and BaseHOT folder: letters,
/// digits, `_` and `-`; anything else becomes `_`.
pub fn safe_name(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.is_empty() {
        "vnf".to_owned()
    } else {
        cleaned
    }
}

/// A file name safe in a zip and on every file system: letters, digits, `.`, `_`, `-`.
pub fn safe_file_name(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    match cleaned.trim_start_matches('.') {
        "" => "file".to_owned(),
        name => name.to_owned(),
    }
}

/// The VNF node type's name: `<provider>.<product>.VNF`, dotted parts kept safe.
pub fn node_type(identity: &VnfIdentity) -> String {
    format!(
        "{}.{}.VNF",
        safe_name(&identity.provider),
        safe_name(&identity.product_name)
    )
}

/// The VNFD files: `(package path, text)`, types first, then the top-level template, then
/// one file per flavour.
pub fn generate(plan: &VnfdPlan<'_>) -> Result<Vec<(String, String)>, PackageError> {
    let types = format!("{}_types.yaml", plan.name);
    let top = format!("{}_top.vnfd.yaml", plan.name);
    let mut out = vec![
        (format!("Definitions/{types}"), types_file(plan)),
        (format!("Definitions/{top}"), String::new()),
    ];
    let mut flavour_files = Vec::new();
    for flavour in plan.flavours {
        let file = format!("{}_df_{}.yaml", plan.name, flavour.id);
        out.push((
            format!("Definitions/{file}"),
            flavour_file(plan, flavour, &types)?,
        ));
        flavour_files.push(file);
    }
    out[1].1 = top_file(plan, &types, &flavour_files);
    Ok(out)
}

fn text(value: impl Into<String>) -> Node {
    string(value)
}

fn int(value: u64) -> Node {
    node(Value::Int(i64::try_from(value).unwrap_or(i64::MAX)))
}

/// The imports of ETSI's type files: by name beside the VNFD, or by ETSI's URL.
fn etsi_imports(plan: &VnfdPlan<'_>) -> Vec<Node> {
    TYPE_FILES
        .into_iter()
        .map(|file| {
            if plan.local_types {
                text(file)
            } else {
                text(format!("{ETSI_TYPES_BASE}v{SOL001_VERSION}/{file}"))
            }
        })
        .collect()
}

/// A string property pinned to one value.
fn pinned(value: &str) -> Node {
    map([
        ("type", text("string")),
        (
            "constraints",
            seq([map([("valid_values", seq([text(value)]))])]),
        ),
        ("default", text(value)),
    ])
}

/// The VNF node type's properties, each pinned to the VNF's identity with a default.
fn vnf_properties(plan: &VnfdPlan<'_>) -> Vec<(&'static str, Node)> {
    let identity = plan.identity;
    let ids: Vec<Node> = plan.flavours.iter().map(|f| text(&f.id)).collect();
    let default_flavour = plan.flavours.first().map_or(LEVEL, |f| f.id.as_str());
    vec![
        ("descriptor_id", pinned(&identity.descriptor_id)),
        ("descriptor_version", pinned(&identity.descriptor_version)),
        ("provider", pinned(&identity.provider)),
        ("product_name", pinned(&identity.product_name)),
        ("software_version", pinned(&identity.software_version)),
        (
            "vnfm_info",
            map([
                ("type", text("list")),
                (
                    "entry_schema",
                    map([
                        ("type", text("string")),
                        (
                            "constraints",
                            seq([map([(
                                "valid_values",
                                seq(identity.vnfm_info.iter().map(text)),
                            )])]),
                        ),
                    ]),
                ),
                ("default", seq(identity.vnfm_info.iter().map(text))),
            ]),
        ),
        (
            "flavour_id",
            map([
                ("type", text("string")),
                ("constraints", seq([map([("valid_values", seq(ids))])])),
                ("default", text(default_flavour)),
            ]),
        ),
        (
            "flavour_description",
            map([("type", text("string")), ("default", text(""))]),
        ),
    ]
}

/// A flavour's `inputs`: one per property of the VNF node type, typed like it. tosca-parser
/// hands the top-level VNF node's values (given or defaulted) to the flavour that
/// substitutes it and refuses a flavour lacking an input for one (Tacker's samples
/// declare them all).
fn flavour_inputs(plan: &VnfdPlan<'_>) -> Node {
    map(vnf_properties(plan).into_iter().map(|(name, definition)| {
        let mut input = Vec::new();
        if let Some(kind) = definition.get("type") {
            input.push(("type", kind.clone()));
        }
        if let Some(entry) = definition.get("entry_schema").and_then(|e| e.get("type")) {
            input.push(("entry_schema", map([("type", entry.clone())])));
        }
        (name, map(input))
    }))
}

fn types_file(plan: &VnfdPlan<'_>) -> String {
    let identity = plan.identity;
    let root = map([
        ("tosca_definitions_version", text(TOSCA_VERSION)),
        (
            "description",
            text(format!("{} VNF type", identity.product_name)),
        ),
        ("imports", seq(etsi_imports(plan))),
        (
            "node_types",
            map([(
                node_type(identity),
                map([
                    ("derived_from", text(VNF_TYPE)),
                    ("properties", map(vnf_properties(plan))),
                    (
                        "interfaces",
                        map([("Vnflcm", map([("type", text(VNFLCM))]))]),
                    ),
                ]),
            )]),
        ),
    ]);
    to_string(&root, crate::model::hot::version::is_function_name)
}

fn top_file(plan: &VnfdPlan<'_>, types: &str, flavours: &[String]) -> String {
    let identity = plan.identity;
    let mut imports = etsi_imports(plan);
    imports.push(text(types));
    imports.extend(flavours.iter().map(text));
    let root = map([
        ("tosca_definitions_version", text(TOSCA_VERSION)),
        ("description", text(&plan.description)),
        ("imports", seq(imports)),
        (
            "topology_template",
            map([
                (
                    "inputs",
                    map([(
                        "selected_flavour",
                        map([
                            ("type", text("string")),
                            (
                                "description",
                                text("Deployment flavour chosen in the instantiation request"),
                            ),
                        ]),
                    )]),
                ),
                (
                    "node_templates",
                    map([(
                        "VNF",
                        map([
                            ("type", text(node_type(identity))),
                            (
                                "properties",
                                map([
                                    ("flavour_id", map([("get_input", text("selected_flavour"))])),
                                    ("descriptor_id", text(&identity.descriptor_id)),
                                    ("descriptor_version", text(&identity.descriptor_version)),
                                    ("provider", text(&identity.provider)),
                                    ("product_name", text(&identity.product_name)),
                                    ("software_version", text(&identity.software_version)),
                                    ("vnfm_info", seq(identity.vnfm_info.iter().map(text))),
                                ]),
                            ),
                        ]),
                    )]),
                ),
            ]),
        ),
    ]);
    to_string(&root, crate::model::hot::version::is_function_name)
}

/// Node template names, made unique.
#[derive(Default)]
struct Names(HashMap<String, usize>);

impl Names {
    fn claim(&mut self, wanted: &str) -> String {
        let base = safe_name(wanted);
        let count = self.0.entry(base.clone()).or_insert(0);
        *count += 1;
        if *count == 1 {
            base
        } else {
            format!("{base}_{count}")
        }
    }
}

fn sw_image_data(plan: &VnfdPlan<'_>, image: &Image, name: &str, min_gib: Option<u128>) -> Node {
    let min_disk = min_gib.unwrap_or_else(|| u128::from(image.size.div_ceil(1 << 30)).max(1));
    map([
        ("name", text(name)),
        ("version", text(&plan.identity.software_version)),
        (
            "checksum",
            map([
                ("algorithm", text("sha-256")),
                ("hash", text(&image.sha256)),
            ]),
        ),
        ("container_format", text("bare")),
        ("disk_format", text(image.disk_format)),
        ("min_disk", text(format!("{min_disk} GiB"))),
        ("size", text(format!("{} B", image.size))),
    ])
}

fn image_artifact(image: &Image) -> Node {
    map([(
        "sw_image",
        map([
            ("type", text(SW_IMAGE)),
            ("file", text(format!("../{}", image.path))),
        ]),
    )])
}

fn flavour_file(
    plan: &VnfdPlan<'_>,
    flavour: &FlavourPlan,
    types: &str,
) -> Result<String, PackageError> {
    let mut names = Names::default();
    let mut templates: Vec<(String, Node)> = vec![(
        names.claim("VNF"),
        map([
            ("type", text(node_type(plan.identity))),
            (
                "properties",
                map([("flavour_description", text(&flavour.description))]),
            ),
        ]),
    )];
    let links: Vec<(String, String, String)> = plan
        .networks
        .iter()
        .map(|(network, description)| (network.clone(), names.claim(network), description.clone()))
        .collect();
    let mut policies = vec![map([(
        "instantiation_levels",
        map([
            ("type", text(INSTANTIATION_LEVELS)),
            (
                "properties",
                map([
                    (
                        "levels",
                        map([(LEVEL, map([("description", text(&flavour.description))]))]),
                    ),
                    ("default_level", text(LEVEL)),
                ]),
            ),
        ]),
    )])];
    for system in &flavour.systems {
        let incomplete = |what: &str| {
            PackageError::Incomplete(format!(
                "virtual system `{}` has no {what} under option `{}`; the VNFD's virtual_compute needs it",
                system.system, flavour.id
            ))
        };
        let vcpus = system.vcpus.ok_or_else(|| incomplete("CPU count"))?;
        let memory = system.memory_mib.ok_or_else(|| incomplete("memory size"))?;
        let vdu = names.claim(&system.system);
        let mut properties = vec![
            ("name", text(&system.system)),
            (
                "description",
                text(format!("Virtual system {}", system.system)),
            ),
            (
                "vdu_profile",
                map([
                    ("min_number_of_instances", int(1)),
                    ("max_number_of_instances", int(1)),
                ]),
            ),
        ];
        let mut requirements = Vec::new();
        let mut local_storage = Vec::new();
        let mut artifacts = None;
        if let Some(disk) = system.disks.first() {
            if let Some(gib) = disk.gib_rounded_up() {
                local_storage.push(map([("size_of_storage", text(format!("{gib} GiB")))]));
            }
            if let Some(image) = disk.file_ref.as_ref().and_then(|id| plan.images.get(id)) {
                let name = format!("{}-{}", plan.name, vdu);
                properties.push((
                    "sw_image_data",
                    sw_image_data(plan, image, &name, disk.gib_rounded_up()),
                ));
                artifacts = Some(image_artifact(image));
            }
        }
        let mut compute = vec![("type", text(VDU_COMPUTE)), ("properties", map(properties))];
        if let Some(artifacts) = artifacts {
            compute.push(("artifacts", artifacts));
        }
        let mut storages = Vec::new();
        for disk in system.disks.iter().skip(1) {
            let storage = names.claim(&format!("{vdu}_{}", disk.disk_id));
            let gib = disk
                .gib_rounded_up()
                .ok_or_else(|| incomplete(&format!("capacity for disk `{}`", disk.disk_id)))?;
            let mut storage_properties = vec![(
                "virtual_block_storage_data",
                map([("size_of_storage", text(format!("{gib} GiB")))]),
            )];
            let mut storage_node = vec![("type", text(VDU_STORAGE))];
            let image = disk.file_ref.as_ref().and_then(|id| plan.images.get(id));
            if let Some(image) = image {
                storage_properties.push((
                    "sw_image_data",
                    sw_image_data(
                        plan,
                        image,
                        &format!("{}-{}", plan.name, storage),
                        Some(gib),
                    ),
                ));
            }
            storage_node.push(("properties", map(storage_properties)));
            if let Some(image) = image {
                storage_node.push(("artifacts", image_artifact(image)));
            }
            requirements.push(map([("virtual_storage", text(&storage))]));
            storages.push((storage, map(storage_node)));
        }
        compute.push((
            "capabilities",
            map([(
                "virtual_compute",
                map([(
                    "properties",
                    map([
                        (
                            "virtual_memory",
                            map([("virtual_mem_size", text(format!("{memory} MiB")))]),
                        ),
                        ("virtual_cpu", map([("num_virtual_cpu", int(vcpus))])),
                        ("virtual_local_storage", seq(local_storage)),
                    ]),
                )]),
            )]),
        ));
        if !requirements.is_empty() {
            compute.push(("requirements", seq(requirements)));
        }
        templates.push((vdu.clone(), map(compute)));
        templates.extend(storages);
        for (order, nic) in system.nics.iter().enumerate() {
            let cp = names.claim(&format!("{vdu}_cp{order}"));
            let mut cp_requirements = vec![map([("virtual_binding", text(&vdu))])];
            if let Some((_, link, _)) = links
                .iter()
                .find(|(network, _, _)| Some(network) == nic.network.as_ref())
            {
                cp_requirements.push(map([("virtual_link", text(link))]));
            }
            templates.push((
                cp,
                map([
                    ("type", text(VDU_CP)),
                    (
                        "properties",
                        map([
                            ("layer_protocols", seq([text("ipv4")])),
                            ("order", int(order as u64)),
                        ]),
                    ),
                    ("requirements", seq(cp_requirements)),
                ]),
            ));
        }
        policies.push(map([(
            format!("{vdu}_instantiation_levels"),
            map([
                ("type", text(VDU_LEVELS)),
                (
                    "properties",
                    map([(
                        "levels",
                        map([(LEVEL, map([("number_of_instances", int(1))]))]),
                    )]),
                ),
                ("targets", seq([text(&vdu)])),
            ]),
        )]));
    }
    for (network, link, description) in &links {
        let description = if description.is_empty() {
            format!("OVF network {network}")
        } else {
            description.clone()
        };
        templates.push((
            link.clone(),
            map([
                ("type", text(VIRTUAL_LINK)),
                (
                    "properties",
                    map([
                        (
                            "connectivity_type",
                            map([("layer_protocols", seq([text("ipv4")]))]),
                        ),
                        ("description", text(description)),
                        (
                            "vl_profile",
                            map([
                                (
                                    "max_bitrate_requirements",
                                    map([("root", int(10_000_000_000))]),
                                ),
                                ("min_bitrate_requirements", map([("root", int(0))])),
                            ]),
                        ),
                    ]),
                ),
            ]),
        ));
    }
    let mut imports = etsi_imports(plan);
    imports.push(text(types));
    let root = map([
        ("tosca_definitions_version", text(TOSCA_VERSION)),
        (
            "description",
            text(format!(
                "{}: deployment flavour {}",
                plan.identity.product_name, flavour.id
            )),
        ),
        ("imports", seq(imports)),
        (
            "topology_template",
            map([
                ("inputs", flavour_inputs(plan)),
                (
                    "substitution_mappings",
                    map([
                        ("node_type", text(node_type(plan.identity))),
                        ("properties", map([("flavour_id", text(&flavour.id))])),
                    ]),
                ),
                ("node_templates", map(templates)),
                ("policies", seq(policies)),
            ]),
        ),
    ]);
    Ok(to_string(
        &root,
        crate::model::hot::version::is_function_name,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use crate::input::yaml::Mapping;

    /// The VNFD of the vFirewall fixture (two options, so two flavours).
    fn generated(local_types: bool) -> Vec<(String, Node)> {
        let limits = Limits::default();
        let ovf = super::super::vfw_fixture();
        let envelope = ovf.envelope().unwrap();
        let flavours: Vec<FlavourPlan> = ["small", "large"]
            .into_iter()
            .map(|id| FlavourPlan {
                id: id.to_owned(),
                description: format!("{id} firewall"),
                systems: crate::model::ovf::resolved_hardware(envelope, Some(id)),
            })
            .collect();
        let identity = VnfIdentity::new("Acme Networks", "vFirewall", "9.1", None);
        let networks = vec![("trusted".to_owned(), String::new())];
        let images = HashMap::new();
        let plan = VnfdPlan {
            name: "vfw",
            identity: &identity,
            description: "Acme vFirewall".to_owned(),
            flavours: &flavours,
            networks: &networks,
            images: &images,
            local_types,
        };
        generate(&plan)
            .unwrap()
            .into_iter()
            .map(|(path, text)| {
                let root = crate::input::yaml::parse(text.as_bytes(), &limits.yaml)
                    .unwrap()
                    .root;
                (path, root)
            })
            .collect()
    }

    fn keys(mapping: Option<&Mapping>) -> Vec<&str> {
        mapping
            .into_iter()
            .flat_map(|m| m.iter().map(|(k, _)| k.text.as_str()))
            .collect()
    }

    #[test]
    fn every_flavour_declares_an_input_per_vnf_property() {
        let files = generated(false);
        let types = &files[0].1;
        let properties = types
            .get("node_types")
            .and_then(|t| t.get("Acme_Networks.vFirewall.VNF"))
            .and_then(|t| t.get("properties"))
            .and_then(Node::as_map);
        assert_eq!(keys(properties).len(), 8);
        let flavours: Vec<&(String, Node)> = files
            .iter()
            .filter(|(path, _)| path.contains("_df_"))
            .collect();
        assert_eq!(flavours.len(), 2);
        for (path, root) in flavours {
            let inputs = root
                .get("topology_template")
                .and_then(|t| t.get("inputs"))
                .and_then(Node::as_map);
            assert_eq!(keys(inputs), keys(properties), "{path}");
            let vnfm_info = inputs.and_then(|i| i.get("vnfm_info")).unwrap();
            assert_eq!(vnfm_info.get("type").and_then(Node::as_str), Some("list"));
            assert_eq!(
                vnfm_info
                    .get("entry_schema")
                    .and_then(|e| e.get("type"))
                    .and_then(Node::as_str),
                Some("string")
            );
        }
    }

    fn imports(root: &Node) -> Vec<&str> {
        root.get("imports")
            .and_then(Node::as_seq)
            .unwrap_or_default()
            .iter()
            .filter_map(Node::as_str)
            .collect()
    }

    #[test]
    fn etsi_types_are_imported_by_url_or_by_name() {
        for (path, root) in generated(false) {
            let etsi: Vec<&str> = imports(&root)
                .into_iter()
                .filter(|i| i.contains("etsi_nfv_sol001"))
                .collect();
            assert_eq!(
                etsi,
                TYPE_FILES.map(|f| format!("{ETSI_TYPES_BASE}v{SOL001_VERSION}/{f}")),
                "{path}"
            );
        }
        for (path, root) in generated(true) {
            assert_eq!(imports(&root)[..2], TYPE_FILES, "{path}");
            assert!(!imports(&root).iter().any(|i| i.contains("://")), "{path}");
        }
    }

    fn nfv_types<'a>(node: &'a Node, out: &mut Vec<&'a str>) {
        match &node.value {
            Value::Map(map) => {
                for (key, value) in map.iter() {
                    if let ("type" | "derived_from", Some(name)) =
                        (key.text.as_str(), value.as_str())
                        && name.contains(".nfv.")
                    {
                        out.push(name);
                    }
                    nfv_types(value, out);
                }
            }
            Value::Seq(items) => items.iter().for_each(|item| nfv_types(item, out)),
            _ => {}
        }
    }

    #[test]
    fn every_sol001_type_the_vnfd_names_is_listed_for_the_etsi_check() {
        let files = generated(false);
        let mut used = Vec::new();
        for (_, root) in &files {
            nfv_types(root, &mut used);
        }
        let unlisted: Vec<&&str> = used.iter().filter(|t| !SOL001_TYPES.contains(t)).collect();
        assert!(unlisted.is_empty(), "{unlisted:?}");
    }
}
