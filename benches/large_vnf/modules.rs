//! A second large ONAP-style VNF, shaped differently from `large_vnf::generate_sized` so that
//! speed work is judged on more than one layout: 20 flat modules (a base module and 19
//! incremental ones, no nesting), each with its `.env`; every server has two ports (OAM on
//! an external network, data on the base module's internal network), a volume and its
//! attachment in the same module. Addresses and names come from comma-delimited lists, so
//! parameters are few and `resources:` sections are long (250 entries per module at the
//! default size: 5 002 resources, about 1.1 MB in all).

use std::fmt::Write;
use std::path::Path;

/// Modules in the VNF (the first is the base).
pub const MODULES: usize = 20;
/// Servers per module by default (five resources each).
pub const SERVERS_PER_MODULE: usize = 50;

/// The `{vm-type}` of module `m`.
fn vm_type(m: usize) -> String {
    const KINDS: [&str; 10] = [
        "fw", "lb", "dns", "rtr", "gw", "smf", "upf", "amf", "pcf", "nrf",
    ];
    format!("{}{}", KINDS[m % KINDS.len()], m / KINDS.len())
}

/// The module's file stem: `base_vnf` for the first, `{vm-type}_module` for the others.
fn module_name(m: usize) -> String {
    if m == 0 {
        "base_vnf".to_owned()
    } else {
        format!("{}_module", vm_type(m))
    }
}

/// Writes a parameter of `kind`.
fn parameter(t: &mut String, name: &str, kind: &str, description: &str) {
    writeln!(
        t,
        "  {name}:\n    type: {kind}\n    description: {description}"
    )
    .unwrap();
}

/// One module: its parameters, the base module's internal network, and per server the
/// server, two ports, a volume and the attachment.
fn module(m: usize, servers: usize) -> String {
    let vm = vm_type(m);
    let name = module_name(m);
    let mut t = String::new();
    writeln!(
        t,
        "heat_template_version: 2017-02-24\ndescription: {vm} VMs of the VNF ({name})\nparameters:"
    )
    .unwrap();
    for (p, what) in super::MODULE_PARAMETERS {
        parameter(&mut t, p, "string", what);
    }
    parameter(&mut t, &format!("{vm}_image_name"), "string", "image");
    parameter(&mut t, &format!("{vm}_flavor_name"), "string", "flavor");
    parameter(
        &mut t,
        &format!("{vm}_names"),
        "comma_delimited_list",
        "VM names",
    );
    parameter(
        &mut t,
        &format!("{vm}_oam_ips"),
        "comma_delimited_list",
        "OAM addresses of the VMs",
    );
    parameter(
        &mut t,
        &format!("{vm}_int_data_ips"),
        "comma_delimited_list",
        "data addresses of the VMs",
    );
    parameter(
        &mut t,
        &format!("{vm}_volume_size_0"),
        "number",
        "size of each VM's volume in GB",
    );
    let data_net = if m == 0 {
        "{get_resource: int_data_network}"
    } else {
        parameter(
            &mut t,
            "int_data_net_id",
            "string",
            "data network of the base",
        );
        "{get_param: int_data_net_id}"
    };
    writeln!(t, "resources:").unwrap();
    if m == 0 {
        super::internal_network(&mut t, "int_data", "10.30.0.0/16");
    }
    for i in 0..servers {
        super::server(&mut t, &vm, i, "int_data");
        writeln!(
            t,
            "  {vm}_{i}_oam_port_0:
    type: OS::Neutron::Port
    properties:
      network: {{get_param: oam_net_id}}
      fixed_ips: [{{ip_address: {{get_param: [{vm}_oam_ips, {i}]}}}}]
  {vm}_{i}_int_data_port_0:
    type: OS::Neutron::Port
    properties:
      network: {data_net}
      fixed_ips: [{{ip_address: {{get_param: [{vm}_int_data_ips, {i}]}}}}]
  {vm}_volume_{i}:
    type: OS::Cinder::Volume
    properties:
      size: {{get_param: {vm}_volume_size_0}}
  {vm}_volume_attachment_{i}:
    type: OS::Cinder::VolumeAttachment
    properties:
      volume_id: {{get_resource: {vm}_volume_{i}}}
      instance_uuid: {{get_resource: {vm}_server_{i}}}"
        )
        .unwrap();
    }
    if m == 0 {
        writeln!(
            t,
            "outputs:\n  int_data_net_id:\n    description: data network for the incremental modules\n    value: {{get_resource: int_data_network}}"
        )
        .unwrap();
    }
    t
}

/// The env file of module `m`: image, flavor, the internal addresses and the volume size.
fn module_env(m: usize, servers: usize) -> String {
    let vm = vm_type(m);
    let ips: Vec<String> = (0..servers)
        .map(|i| format!("10.30.{m}.{}", i + 10))
        .collect();
    format!(
        "parameters:\n  {vm}_image_name: {vm}-4.0.2\n  {vm}_flavor_name: m1.medium\n  {vm}_int_data_ips: {}\n  {vm}_volume_size_0: 20\n",
        ips.join(",")
    )
}

/// Writes the VNF with `servers` servers per module into `dir`.
pub fn generate(dir: &Path, servers: usize) {
    for m in 0..MODULES {
        let name = module_name(m);
        std::fs::write(dir.join(format!("{name}.yaml")), module(m, servers)).unwrap();
        std::fs::write(dir.join(format!("{name}.env")), module_env(m, servers)).unwrap();
    }
}
