//! Manifests: an OVF package's `.mf` and a SOL004 package's manifest (blocks, metadata,
//! the signed part).
#![no_main]

use libfuzzer_sys::fuzz_target;
use vnfwiz::input::integrity::Manifest;
use vnfwiz::model::csar::manifest::ManifestFile;

fuzz_target!(|data: &[u8]| {
    let manifest = Manifest::parse("vm.mf", data);
    for entry in &manifest.entries {
        std::hint::black_box(manifest.algorithms_for(&entry.file));
    }
    let sol004 = ManifestFile::parse("Definitions/vnfd.mf", data);
    std::hint::black_box(sol004.metadata());
    std::hint::black_box(sol004.signed_contents());
});
