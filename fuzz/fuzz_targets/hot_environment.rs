//! Environment files (a module's own and a shared one) over a fixed vLB template set:
//! loading, the HOT rules, and composition (registry, merge, choices, composed output).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;
use std::path::Path;
use vnfwiz::check::rules::{Selection, check_hot};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::source::PackageFiles;
use vnfwiz::model::capabilities::Composition;
use vnfwiz::model::capabilities::compose;
use vnfwiz::model::capabilities::open_parameters;
use vnfwiz::model::capabilities::resolve::resolve;
use vnfwiz::model::capabilities::summary;
use vnfwiz::model::hot::{Roots, load_set};

const BASE: &[u8] = b"heat_template_version: 2016-10-14
description: vLB base module
parameters:
  vlb_image_name: {type: string}
  vlb_flavor_name: {type: string}
  vlb_count: {type: number, default: 2, constraints: [{range: {min: 1, max: 4}}]}
  vlb_admin_pass: {type: string, hidden: true}
  vlb_names: {type: comma_delimited_list}
  vlb_tuning: {type: json}
  vlb_debug: {type: boolean, default: false}
resources:
  vlb_server_group:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: vlb_count}
      resource_def:
        type: vlb_node.yaml
        properties:
          image: {get_param: vlb_image_name}
  vlb_monitor:
    type: OS::VNF::Monitor
";

const NODE: &[u8] = b"heat_template_version: 2016-10-14
description: one vLB node
capabilities:
  resource_type: OS::VNF::Monitor
  deployment: agent
parameters:
  image: {type: string}
resources:
  vlb_0:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
";

fuzz_target!(|data: &[u8]| {
    let parts = vnfwiz_fuzz::split(data, 2);
    let limits = Limits::default();
    let Ok(files) = PackageFiles::from_memory(
        Path::new("fuzz"),
        vec![
            ("base_vlb.yaml".to_owned(), BASE.to_vec()),
            ("vlb_node.yaml".to_owned(), NODE.to_vec()),
            ("base_vlb.env".to_owned(), parts[0].to_vec()),
            ("common_env.yaml".to_owned(), parts[1].to_vec()),
        ],
        &limits,
    ) else {
        return;
    };
    let set = load_set(&files, Roots::Discover, "fuzz".to_owned(), &limits);
    std::hint::black_box(check_hot(&set, &Selection::all()));
    let composition = Composition::read(&set);
    let resolution = resolve(&composition, &BTreeMap::new(), &BTreeMap::new());
    std::hint::black_box(open_parameters(&composition, &resolution));
    std::hint::black_box(summary(&composition, &resolution));
    let _ = std::hint::black_box(compose(
        &composition,
        &resolution,
        Default::default(),
        &BTreeMap::new(),
    ));
});
