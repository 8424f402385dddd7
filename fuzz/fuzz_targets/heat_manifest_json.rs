//! SDC's `MANIFEST.json` deciding the roles of a fixed heat package, then the HOT and SDC rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use vnfwiz::check::rules::{Selection, check_hot};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::source::PackageFiles;
use vnfwiz::model::hot::{Roots, load_set};

const BASE: &[u8] = b"heat_template_version: 2016-10-14
description: vDNS base
parameters:
  vdns_image_name: {type: string}
resources:
  vdns_0:
    type: OS::Nova::Server
    properties:
      image: {get_param: vdns_image_name}
";
const VOLUME: &[u8] = b"heat_template_version: 2016-10-14
description: vDNS volumes
resources:
  vdns_volume_0:
    type: OS::Cinder::Volume
    properties: {size: 10}
outputs:
  vdns_volume_id_0: {value: {get_resource: vdns_volume_0}}
";
const ENV: &[u8] = b"parameters:\n  vdns_image_name: vdns-9.1\n";

fuzz_target!(|data: &[u8]| {
    let limits = Limits::default();
    let Ok(files) = PackageFiles::from_memory(
        Path::new("fuzz"),
        vec![
            ("MANIFEST.json".to_owned(), data.to_vec()),
            ("base_vdns.yaml".to_owned(), BASE.to_vec()),
            ("base_vdns.env".to_owned(), ENV.to_vec()),
            ("base_vdns_volume.yaml".to_owned(), VOLUME.to_vec()),
        ],
        &limits,
    ) else {
        return;
    };
    let set = load_set(&files, Roots::Discover, "fuzz".to_owned(), &limits);
    std::hint::black_box(check_hot(&set, &Selection::all()));
});
