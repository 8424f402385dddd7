//! The earlier large VNF, which ignores ONAP's naming (servers, ports and parameters named
//! `<template>_server_<i>`, `<template>_p<i>`): 40 templates (10 modules, each nesting three
//! deep), 4 990 resources, 2 000 parameters and about 26 500 findings with every rule, to
//! measure the cost of reporting many findings.

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Modules in the generated VNF (the first is the base).
const MODULES: usize = 10;
/// Nested templates under each module, each nesting the next.
const NESTED_PER_MODULE: usize = 3;
/// Servers (each with one port) per template.
const SERVERS_PER_TEMPLATE: usize = 62;
/// Parameters per template.
const PARAMETERS_PER_TEMPLATE: usize = 50;

fn template(name: &str, child: Option<&str>) -> String {
    let mut t = String::new();
    let p = PARAMETERS_PER_TEMPLATE;
    writeln!(
        t,
        "heat_template_version: 2016-10-14\ndescription: generated template {name}\nparameters:"
    )
    .unwrap();
    for i in 0..p {
        writeln!(
            t,
            "  {name}_p{i}:\n    type: string\n    description: parameter {i} of {name}"
        )
        .unwrap();
    }
    writeln!(t, "resources:").unwrap();
    for i in 0..SERVERS_PER_TEMPLATE {
        writeln!(
            t,
            "  {name}_server_{i}:
    type: OS::Nova::Server
    properties:
      name: {{get_param: {name}_p{a}}}
      image: {{get_param: {name}_p{b}}}
      flavor: {{get_param: {name}_p{c}}}
      networks:
        - port: {{get_resource: {name}_port_{i}}}
      metadata:
        vnf_id: {{get_param: {name}_p0}}
        vf_module_id: {{get_param: {name}_p1}}
  {name}_port_{i}:
    type: OS::Neutron::Port
    properties:
      network: {{get_param: {name}_p{d}}}
      fixed_ips:
        - ip_address: {{get_param: {name}_p{e}}}",
            a = i % p,
            b = (i + 1) % p,
            c = (i + 2) % p,
            d = (i + 3) % p,
            e = (i + 4) % p,
        )
        .unwrap();
    }
    if let Some(child) = child {
        writeln!(
            t,
            "  {name}_child:\n    type: {child}.yaml\n    properties:\n      {child}_p0: {{get_param: {name}_p0}}"
        )
        .unwrap();
    }
    writeln!(
        t,
        "outputs:\n  {name}_out:\n    description: first server\n    value: {{get_resource: {name}_server_0}}"
    )
    .unwrap();
    t
}

/// Writes the noisy VNF into `dir` and returns the env file of the base module.
pub fn generate(dir: &Path) -> PathBuf {
    for m in 0..MODULES {
        let module = if m == 0 {
            "base_vnf".to_owned()
        } else {
            format!("mod{m}")
        };
        let chain: Vec<String> = (0..NESTED_PER_MODULE)
            .map(|k| format!("{module}_n{k}"))
            .collect();
        for (k, name) in chain.iter().enumerate() {
            let child = chain.get(k + 1).map(String::as_str);
            std::fs::write(dir.join(format!("{name}.yaml")), template(name, child)).unwrap();
        }
        std::fs::write(
            dir.join(format!("{module}.yaml")),
            template(&module, Some(&chain[0])),
        )
        .unwrap();
        let mut env = String::from("parameters:\n");
        for i in 0..PARAMETERS_PER_TEMPLATE {
            writeln!(env, "  {module}_p{i}: value{i}").unwrap();
        }
        std::fs::write(dir.join(format!("{module}.env")), env).unwrap();
    }
    dir.join("base_vnf.env")
}
