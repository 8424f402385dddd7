//! Signatures: an OVF `.cert` checked against a manifest, and a SOL004 CMS signature (the
//! input, base64-encoded, as the signature; the manifest part as the signed content; PEM
//! certificates read from the first part).
#![no_main]

use base64ct::Encoding;
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, SystemTime};
use vnfwiz::input::integrity::certificate::check_certificate;
use vnfwiz::model::csar::signature::{certificates_from_pem, verify};

fuzz_target!(|data: &[u8]| {
    let parts = vnfwiz_fuzz::split(data, 2);
    let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
    let mut findings = Vec::new();
    std::hint::black_box(check_certificate(
        "vm.cert",
        parts[0],
        Some(("vm.mf", parts[1])),
        now,
        &mut findings,
    ));
    std::hint::black_box(check_certificate(
        "vm.cert",
        parts[0],
        None,
        now,
        &mut findings,
    ));
    let certificates = certificates_from_pem(parts[0]);
    let encoded = base64ct::Base64::encode_string(parts[0]);
    let _ = std::hint::black_box(verify(
        &encoded,
        parts[1],
        &certificates,
        Duration::from_secs(1_800_000_000),
    ));
});
