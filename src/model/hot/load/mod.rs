//! Loads a template set from a package: finds templates and env files, follows nested
//! templates, registry mappings and `get_file`, and checks nesting for cycles and depth.

mod cycles;
mod modules;
mod read;
mod references;
mod registry;
mod roles;

use foldhash::{HashMap, HashMapExt};

use crate::foundation::limits::Limits;
use crate::input::source::PackageFiles;

use super::classify::{self, NotHeat, Reading};
use super::set::{FileId, HotSet};
use super::stage;
use read::list_package;

pub use modules::{env_path_for, module_kind_by_name};
pub use registry::{implemented_types, registry_matches};

/// Which files start the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Roots {
    /// Every template and env file of a listed folder or archive (or what `MANIFEST.json` names).
    Discover,
    /// These files, as with `heat -f t.yaml -e env.yaml`.
    Given(Vec<String>),
}

/// Sections Heat accepts in an environment file.
pub const ENV_SECTIONS: [&str; 6] = [
    "parameters",
    "parameter_defaults",
    "encrypted_param_names",
    "event_sinks",
    "parameter_merge_strategies",
    "resource_registry",
];

const YAML_EXTENSIONS: [&str; 5] = [".yaml", ".yml", ".template", ".json", ".env"];

/// Reads a set from `files`, starting at `roots`. A zip, or a package with `MANIFEST.json`,
/// is read as SDC reads an ONAP heat package ([`Reading::sdc`]).
pub fn load_set(files: &PackageFiles, roots: Roots, label: String, limits: &Limits) -> HotSet {
    let sdc = files.is_archive() || files.contains("MANIFEST.json");
    load_set_as(files, roots, label, limits, sdc)
}

/// Like [`load_set`], with SDC's reading of the package's YAML files chosen by the caller
/// (a set loaded again from memory keeps the reading of its source).
pub fn load_set_as(
    files: &PackageFiles,
    roots: Roots,
    label: String,
    limits: &Limits,
    sdc: bool,
) -> HotSet {
    let given_roots = matches!(roots, Roots::Given(_));
    let mut loader = Loader {
        files,
        set: HotSet {
            label,
            files: Vec::new(),
            package: list_package(files),
            modules: Vec::new(),
            references: Vec::new(),
            nesting: Vec::new(),
            nesting_problems: Vec::new(),
            manifest: None,
            package_files: files.names().to_vec(),
            capabilities_map: None,
            given_roots,
            stage: stage::Stage::default(),
            limits: *limits,
            not_checked: Vec::new(),
            sdc_reading: sdc,
        },
        by_path: HashMap::new(),
        not_heat: HashMap::new(),
        charts: classify::chart_folders(files.names()),
        reading: Reading {
            sdc,
            given: given_roots,
        },
    };
    loader.start(roots);
    loader.follow_references();
    loader.assign_modules();
    loader.check_nesting();
    loader.list_not_checked();
    loader.set.stage = stage::detect(&loader.set);
    loader.set
}

struct Loader<'f> {
    files: &'f PackageFiles,
    set: HotSet,
    by_path: HashMap<String, FileId>,
    /// Why each file classified as something else is not Heat.
    not_heat: HashMap<String, NotHeat>,
    reading: Reading,
    /// The package's Helm chart folders.
    charts: foldhash::HashSet<String>,
}

/// True when `name` ends with `suffix` in any letter case (`base.YAML` is still read, so
/// the naming rules can report its extension).
fn ends_with_ignoring_case(name: &str, suffix: &str) -> bool {
    name.len() >= suffix.len()
        && name.is_char_boundary(name.len() - suffix.len())
        && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}
