//! Generates a large VNF shaped like one a vendor near ONAP compliance onboards: 40 templates
//! (8 modules, each nesting three templates deep, and a volume module each), about 5 000
//! resources and 2 000 parameters, following ONAP's naming (`{vm-type}_server_{index}`,
//! `{vm-type}_{index}_{network-role}_port_{index}`, `{network-role}_net_id`, `int_` networks
//! in the base module, server metadata, `.env` files with what the operator sets).
//!
//! Its only findings are the third level of nesting (R-60011, once per module), the one
//! deliberate departure the benchmark keeps to measure nesting three deep. `modules::generate`
//! writes a VNF of the same size shaped differently (20 flat modules, list parameters,
//! volumes beside the servers); `noisy::generate` writes the earlier variant that ignores
//! ONAP's naming (tens of thousands of findings) for measuring the report path.

pub mod modules;
pub mod noisy;

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The `{vm-type}` of each module; the first module is the base.
pub const VM_TYPES: [&str; 8] = ["fw", "lb", "dns", "rtr", "gw", "smf", "upf", "amf"];
/// Templates nested under each module, each nesting the next.
pub const NESTED_PER_MODULE: usize = 3;
/// Servers per module.
pub const SERVERS_PER_MODULE: usize = 117;
/// Security groups per nested template.
pub const GROUPS_PER_NESTED: usize = 12;
/// Flavor of the base module's servers in its env file; the re-validation bench changes it.
pub const BASE_FLAVOR: &str = "m1.large";

/// The module's file stem: `base_vnf` for the first, `{vm-type}_module` for the others.
fn module_name(m: usize) -> String {
    if m == 0 {
        "base_vnf".to_owned()
    } else {
        format!("{}_module", VM_TYPES[m])
    }
}

/// Writes a string parameter.
fn string_parameter(t: &mut String, name: &str, description: &str) {
    writeln!(
        t,
        "  {name}:\n    type: string\n    description: {description}"
    )
    .unwrap();
}

/// The string parameters every module declares: ONAP's ids and names, the zone, the OAM
/// network.
pub const MODULE_PARAMETERS: [(&str, &str); 6] = [
    ("vnf_id", "VNF instance id, assigned by ONAP"),
    ("vf_module_id", "VF module instance id, assigned by ONAP"),
    ("vnf_name", "VNF instance name, assigned by ONAP"),
    (
        "vf_module_name",
        "VF module instance name, assigned by ONAP",
    ),
    ("availability_zone_0", "availability zone of the VMs"),
    ("oam_net_id", "OAM network"),
];

/// Writes the base module's internal network `{role}_network`, named after the VNF, and its
/// subnet.
pub fn internal_network(t: &mut String, role: &str, cidr: &str) {
    writeln!(
        t,
        "  {role}_network:
    type: OS::Neutron::Net
    properties:
      name:
        str_replace:
          template: VNF_NAME_{role}_net
          params:
            VNF_NAME: {{get_param: vnf_name}}
  {role}_subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {{get_resource: {role}_network}}
      cidr: {cidr}"
    )
    .unwrap();
}

/// Writes server `i` of `vm` with ONAP's metadata, its name from the `{vm}_names` list and
/// two ports: `{vm}_{i}_oam_port_0` and `{vm}_{i}_{internal}_port_0`.
pub fn server(t: &mut String, vm: &str, i: usize, internal: &str) {
    writeln!(
        t,
        "  {vm}_server_{i}:
    type: OS::Nova::Server
    properties:
      name: {{get_param: [{vm}_names, {i}]}}
      image: {{get_param: {vm}_image_name}}
      flavor: {{get_param: {vm}_flavor_name}}
      availability_zone: {{get_param: availability_zone_0}}
      networks:
        - port: {{get_resource: {vm}_{i}_oam_port_0}}
        - port: {{get_resource: {vm}_{i}_{internal}_port_0}}
      metadata:
        vnf_id: {{get_param: vnf_id}}
        vf_module_id: {{get_param: vf_module_id}}
        vnf_name: {{get_param: vnf_name}}
        vf_module_name: {{get_param: vf_module_name}}"
    )
    .unwrap();
}

/// The module template: servers with an OAM port (external network) and a control port
/// (internal network of the base module), each with a volume from the volume module.
fn module(m: usize, servers: usize) -> String {
    let vm = VM_TYPES[m];
    let name = module_name(m);
    let mut t = String::new();
    writeln!(
        t,
        "heat_template_version: 2016-10-14\ndescription: {vm} VMs of the VNF ({name})\nparameters:"
    )
    .unwrap();
    for (p, what) in MODULE_PARAMETERS {
        string_parameter(&mut t, p, what);
    }
    string_parameter(&mut t, &format!("{vm}_image_name"), "image of the VMs");
    string_parameter(&mut t, &format!("{vm}_flavor_name"), "flavor of the VMs");
    writeln!(
        t,
        "  {vm}_names:\n    type: comma_delimited_list\n    description: names of the VMs"
    )
    .unwrap();
    writeln!(
        t,
        "  {vm}_int_ctrl_ips:\n    type: comma_delimited_list\n    description: control addresses of the VMs"
    )
    .unwrap();
    if m != 0 {
        string_parameter(
            &mut t,
            "int_ctrl_net_id",
            "control network of the base module",
        );
    }
    for i in 0..servers {
        string_parameter(
            &mut t,
            &format!("{vm}_oam_ip_{i}"),
            &format!("OAM address of VM {i}"),
        );
        string_parameter(
            &mut t,
            &format!("{vm}_volume_id_{i}"),
            &format!("volume of VM {i}"),
        );
    }
    writeln!(t, "resources:").unwrap();
    let ctrl_net = if m == 0 {
        internal_network(&mut t, "int_ctrl", "10.20.0.0/16");
        "{get_resource: int_ctrl_network}"
    } else {
        "{get_param: int_ctrl_net_id}"
    };
    for i in 0..servers {
        server(&mut t, vm, i, "int_ctrl");
        writeln!(
            t,
            "  {vm}_{i}_oam_port_0:
    type: OS::Neutron::Port
    properties:
      network: {{get_param: oam_net_id}}
      fixed_ips:
        - ip_address: {{get_param: {vm}_oam_ip_{i}}}
  {vm}_{i}_int_ctrl_port_0:
    type: OS::Neutron::Port
    properties:
      network: {ctrl_net}
      fixed_ips:
        - ip_address: {{get_param: [{vm}_int_ctrl_ips, {i}]}}
  {vm}_volume_attachment_{i}:
    type: OS::Cinder::VolumeAttachment
    properties:
      volume_id: {{get_param: {vm}_volume_id_{i}}}
      instance_uuid: {{get_resource: {vm}_server_{i}}}"
        )
        .unwrap();
    }
    writeln!(
        t,
        "  {vm}_security:
    type: {vm}_security_0.yaml
    properties:
      vnf_name: {{get_param: vnf_name}}"
    )
    .unwrap();
    if m == 0 {
        writeln!(
            t,
            "outputs:\n  int_ctrl_net_id:\n    description: control network for the incremental modules\n    value: {{get_resource: int_ctrl_network}}"
        )
        .unwrap();
    }
    t
}

/// A nested template (level `k + 1` under its module): security groups, and the next level.
fn nested(vm: &str, k: usize) -> String {
    let mut t = String::new();
    writeln!(
        t,
        "heat_template_version: 2016-10-14\ndescription: security groups of the {vm} VMs, part {k}\nparameters:"
    )
    .unwrap();
    string_parameter(&mut t, "vnf_name", "VNF instance name");
    writeln!(t, "resources:").unwrap();
    for g in 0..GROUPS_PER_NESTED {
        writeln!(
            t,
            "  {vm}_oam_security_group_{k}_{g}:
    type: OS::Neutron::SecurityGroup
    properties:
      name:
        str_replace:
          template: VNF_NAME_{vm}_oam_sg_{k}_{g}
          params:
            VNF_NAME: {{get_param: vnf_name}}
      rules:
        - protocol: tcp
          port_range_min: {port}
          port_range_max: {port}",
            port = 8000 + 100 * k + g
        )
        .unwrap();
    }
    if k + 1 < NESTED_PER_MODULE {
        writeln!(
            t,
            "  {vm}_security_{inner}:
    type: {vm}_security_{next}.yaml
    properties:
      vnf_name: {{get_param: vnf_name}}",
            inner = ["inner", "innermost"][k],
            next = k + 1
        )
        .unwrap();
    }
    t
}

/// The volume module of a module: one volume per server, each id an output.
fn volume_module(m: usize, servers: usize) -> String {
    let vm = VM_TYPES[m];
    let mut t = String::new();
    writeln!(
        t,
        "heat_template_version: 2016-10-14\ndescription: volumes of the {vm} VMs\nparameters:\n  {vm}_volume_size_0:\n    type: number\n    description: size of each volume in GB\nresources:"
    )
    .unwrap();
    for i in 0..servers {
        writeln!(
            t,
            "  {vm}_volume_{i}:\n    type: OS::Cinder::Volume\n    properties:\n      size: {{get_param: {vm}_volume_size_0}}"
        )
        .unwrap();
    }
    writeln!(t, "outputs:").unwrap();
    for i in 0..servers {
        writeln!(
            t,
            "  {vm}_volume_id_{i}:\n    description: volume of VM {i}\n    value: {{get_resource: {vm}_volume_{i}}}"
        )
        .unwrap();
    }
    t
}

/// The env file of a module: what the operator sets (never ONAP's own values).
fn module_env(m: usize, servers: usize) -> String {
    let vm = VM_TYPES[m];
    let flavor = if m == 0 { BASE_FLAVOR } else { "m1.medium" };
    let ips: Vec<String> = (0..servers)
        .map(|i| format!("10.20.{m}.{}", i + 10))
        .collect();
    format!(
        "parameters:\n  {vm}_image_name: {vm}-3.2.1\n  {vm}_flavor_name: {flavor}\n  {vm}_int_ctrl_ips: {}\n",
        ips.join(","),
    )
}

/// Writes the ONAP-style VNF with `servers` servers per module into `dir` and returns the
/// env file of the base module (resources and parameters grow with `servers`).
pub fn generate_sized(dir: &Path, servers: usize) -> PathBuf {
    for (m, vm) in VM_TYPES.iter().enumerate() {
        let name = module_name(m);
        std::fs::write(dir.join(format!("{name}.yaml")), module(m, servers)).unwrap();
        std::fs::write(dir.join(format!("{name}.env")), module_env(m, servers)).unwrap();
        std::fs::write(
            dir.join(format!("{name}_volume.yaml")),
            volume_module(m, servers),
        )
        .unwrap();
        std::fs::write(
            dir.join(format!("{name}_volume.env")),
            format!("parameters:\n  {vm}_volume_size_0: 40\n"),
        )
        .unwrap();
        for k in 0..NESTED_PER_MODULE {
            std::fs::write(dir.join(format!("{vm}_security_{k}.yaml")), nested(vm, k)).unwrap();
        }
    }
    dir.join("base_vnf.env")
}
