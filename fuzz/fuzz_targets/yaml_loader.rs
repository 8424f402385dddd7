//! The span-keeping YAML loader, then the HOT rules over the document as a one-template set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;
use vnfwiz::check::rules::{Selection, check_hot};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::source::PackageFiles;
use vnfwiz::model::hot::{Roots, load_set};

fuzz_target!(|data: &[u8]| {
    let limits = Limits::default();
    if let Ok(document) = vnfwiz::input::yaml::parse(data, &limits.yaml) {
        std::hint::black_box(vnfwiz::input::yaml::write::to_string(
            &document.root,
            vnfwiz::model::hot::version::is_function_name,
        ));
    }
    let Ok(files) = PackageFiles::from_memory(
        Path::new("fuzz"),
        vec![("base.yaml".to_owned(), data.to_vec())],
        &limits,
    ) else {
        return;
    };
    let set = load_set(&files, Roots::Discover, "fuzz".to_owned(), &limits);
    std::hint::black_box(check_hot(&set, &Selection::all()));
});
