//! An OVF descriptor in a folder: parsing, the OVF rules (integrity included), the rendered
//! report, and onboarding's questions and conversion with default answers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::session::Session;
use vnfwiz::session::answers::Answers;

fuzz_target!(|data: &[u8]| {
    let limits = Limits::default();
    std::hint::black_box(vnfwiz::model::ovf::descriptor::parse(data, &limits.xml));
    let path = vnfwiz_fuzz::input_file("vm.ovf", data);
    vnfwiz_fuzz::validate_and_render(&path);
    if let Ok(session) = Session::open(&path, &limits) {
        std::hint::black_box(session.questions());
        let _ = std::hint::black_box(session.resolve(&Answers::default()));
    }
});
