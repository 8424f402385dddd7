//! A SOL004 CSAR from its parts (TOSCA.meta, the VNFD and an imported types file, the
//! manifest, a certificate, a BaseHOT template), read as Tacker reads it and checked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use vnfwiz::check::rules::{Selection, check_csar};
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::source::PackageFiles;
use vnfwiz::model::csar::meta::ToscaMeta;
use vnfwiz::model::csar::package as csar;

const NAMES: [&str; 6] = [
    "TOSCA-Metadata/TOSCA.meta",
    "Definitions/vnfd.yaml",
    "Definitions/types.yaml",
    "vnfd.mf",
    "vnfd.cert",
    "BaseHOT/default/base_vfw.yaml",
];

fuzz_target!(|data: &[u8]| {
    let parts = vnfwiz_fuzz::split(data, NAMES.len());
    let limits = Limits::default();
    std::hint::black_box(ToscaMeta::parse(parts[0], &limits.yaml));
    let mut files: Vec<(String, Vec<u8>)> = NAMES
        .iter()
        .zip(&parts)
        .filter(|(_, bytes)| !bytes.is_empty())
        .map(|(name, bytes)| ((*name).to_owned(), bytes.to_vec()))
        .collect();
    files.push((
        "Files/images/vfw.qcow2".to_owned(),
        b"QFI\xfb image".to_vec(),
    ));
    let Ok(files) = PackageFiles::from_memory(Path::new("fuzz.csar"), files, &limits) else {
        return;
    };
    let options = Options::new(&limits);
    if let Ok(package) = csar::read(&files, "fuzz.csar".to_owned(), None, &options) {
        std::hint::black_box(check_csar(&package, &Selection::all()));
    }
});
