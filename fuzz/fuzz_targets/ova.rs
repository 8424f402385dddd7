//! An OVA (tar) read from a file (seeking) and as a stream, then validated as `validate` does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::integrity::scan_ova_stream;

fuzz_target!(|data: &[u8]| {
    let limits = Limits::default();
    let options = Options::new(&limits);
    let mut stream = data;
    if let Ok(scan) = scan_ova_stream(
        Path::new("vm.ova"),
        &mut stream,
        data.len() as u64,
        &options,
    ) {
        std::hint::black_box(scan.verify(&[], &options));
    }
    let path = vnfwiz_fuzz::input_file("vm.ova", data);
    vnfwiz_fuzz::validate_and_render(&path);
});
