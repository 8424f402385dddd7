//! A HOT template set read from a zip, as `validate` and `onboard` open it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::session::Session;
use vnfwiz::session::answers::Answers;

fuzz_target!(|data: &[u8]| {
    let path = vnfwiz_fuzz::input_file("set.zip", data);
    vnfwiz_fuzz::validate_and_render(&path);
    if let Ok(session) = Session::open(&path, &Limits::default()) {
        std::hint::black_box(session.questions());
        let _ = std::hint::black_box(session.resolve(&Answers::default()));
    }
});
