//! What the capability tests share: a folder loaded as one HOT set, and the choices or
//! requirements given as `key=value` pairs.

use std::collections::BTreeMap;
use std::path::Path;

use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::hot::HotSet;
use vnfwiz::model::open::load_hot_inputs;

/// The first HOT set of a folder, with the default limits; a load error names the folder.
pub fn load_first(path: &Path) -> HotSet {
    load_hot_inputs(&[path.to_path_buf()], &Limits::default())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .remove(0)
}

/// Choices (or requirements) keyed by resource type (or capability).
pub fn pairs(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}
