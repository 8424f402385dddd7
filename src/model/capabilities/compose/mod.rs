//! The output transformation: from a resolved composition to the files of a set Heat (or ONAP)
//! takes as it is. A pure function of the set, the resolution and the operator's values; the
//! caller writes the files (atomically) and validates them as Heat-ready.
//!
//! Every written set carries no `capabilities:`, no `requires:` and no list in a registry.
//! [`RegistryOutput::Inline`] (ONAP, whose R-67231 forbids `resource_registry`) writes every
//! file flat beside the module, names nested templates as ONAP wants them (letters, digits and
//! `_`, no `base`), replaces each abstract type by the chosen template's file name in the
//! parent's `type:`, and passes every parameter of a nested template explicitly from its
//! parent (ONAP's R-11041), declaring it up to the module, whose environment gets the value
//! (answers first, then `parameter_defaults`, then the nested default). Constraints and
//! defaults of a lifted parameter move to the module. [`RegistryOutput::Env`] (plain Heat)
//! keeps the layout and writes one mapping per used type in each module's environment.

mod collect;
mod environment;
mod lift;
mod names;
mod registry_output;
mod rewrite;

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::input::yaml::Node;
use crate::model::hot::{FileId, TemplateKind};
pub use registry_output::RegistryOutput;

use super::composition::Composition;
use super::resolve::{ChoiceError, Implementation, Resolution};

/// What a written file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComposedRole {
    /// A module template (base, incremental, volume).
    Module(TemplateKind),
    /// A module's environment file.
    Environment,
    /// A nested template.
    Nested,
    /// A `get_file` target.
    Artifact,
}

/// One file to write.
#[derive(Clone, Debug, PartialEq)]
pub struct ComposedFile {
    /// Path relative to the output folder.
    pub path: String,
    /// The content.
    pub bytes: Vec<u8>,
    /// What it is.
    pub role: ComposedRole,
    /// The file of the input set it comes from (none for generated environments).
    pub source: Option<FileId>,
}

/// The files of a composed set, modules first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ComposedSet {
    /// The files.
    pub files: Vec<ComposedFile>,
}

/// Why a composition cannot be written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ComposeError {
    /// An answer that does not fit the set.
    #[error(transparent)]
    Choice(#[from] ChoiceError),
    /// A resource whose type has no resolved implementation.
    #[error("{file}:{line}:{column}: `{resource_type}` has no chosen implementation")]
    Unresolved {
        /// The template.
        file: String,
        /// Where the type is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The type.
        resource_type: String,
    },
    /// A resource implemented by a template the package lacks.
    #[error("{file}:{line}:{column}: `{target}` is not in the package")]
    Missing {
        /// The template.
        file: String,
        /// Where the type is written.
        line: u32,
        /// Its column.
        column: u32,
        /// The missing template.
        target: String,
    },
    /// A template shared by modules whose environments implement one of its resources
    /// differently: it cannot be inlined once.
    #[error(
        "{file}: resource `{resource}` is implemented as `{first}` for one module and `{second}` for another; give the modules the same choice"
    )]
    Conflict {
        /// The shared template.
        file: String,
        /// The resource.
        resource: String,
        /// One implementation.
        first: String,
        /// The other.
        second: String,
    },
    /// A template to rewrite that did not parse.
    #[error("{file} does not parse, so it cannot be rewritten")]
    Unreadable {
        /// The file.
        file: String,
    },
}

/// Writes the composition: the files of a set without composition data.
/// `values` are the operator's parameter values (answers), written into module environments.
pub fn compose(
    composition: &Composition<'_>,
    resolution: &Resolution,
    mode: RegistryOutput,
    values: &BTreeMap<String, Node>,
) -> Result<ComposedSet, Vec<ComposeError>> {
    let mut writer = Writer::new(composition, resolution, mode);
    writer.collect();
    if mode == RegistryOutput::Inline {
        writer.lift();
    }
    if !writer.errors.is_empty() {
        return Err(writer.errors);
    }
    writer.name_files();
    Ok(ComposedSet {
        files: writer.write(values),
    })
}

/// A parameter declaration to add to a template.
#[derive(Clone, Debug)]
struct Declaration {
    name: String,
    definition: Node,
}

struct Writer<'w, 's> {
    composition: &'w Composition<'s>,
    resolution: &'w Resolution,
    mode: RegistryOutput,
    errors: Vec<ComposeError>,
    /// Templates to write: modules first, then nested ones in walk order.
    templates: Vec<FileId>,
    /// The module templates.
    modules: HashSet<FileId>,
    /// The implementation of each slot.
    implementations: HashMap<usize, Implementation>,
    /// Slots that use each template.
    callers: HashMap<FileId, Vec<usize>>,
    /// Parameters each slot is to pass on.
    passes: HashMap<usize, Vec<String>>,
    /// Declarations each template is to gain.
    declarations: HashMap<FileId, Vec<Declaration>>,
    /// Parameters whose `default` and `constraints` move out of each template.
    moved: HashMap<FileId, HashSet<String>>,
    /// Values found for lifted parameters: nested defaults.
    lifted_defaults: HashMap<String, Node>,
    /// Output names by input file.
    names: HashMap<FileId, String>,
    /// `get_file` targets to copy.
    artifacts: Vec<FileId>,
}

impl<'w, 's> Writer<'w, 's> {
    fn new(
        composition: &'w Composition<'s>,
        resolution: &'w Resolution,
        mode: RegistryOutput,
    ) -> Writer<'w, 's> {
        Writer {
            composition,
            resolution,
            mode,
            errors: resolution
                .errors
                .iter()
                .cloned()
                .map(ComposeError::Choice)
                .collect(),
            templates: Vec::new(),
            modules: resolution.modules.iter().map(|m| m.module).collect(),
            implementations: HashMap::new(),
            callers: HashMap::new(),
            passes: HashMap::new(),
            declarations: HashMap::new(),
            moved: HashMap::new(),
            lifted_defaults: HashMap::new(),
            names: HashMap::new(),
            artifacts: Vec::new(),
        }
    }

    fn path(&self, file: FileId) -> &str {
        &self.composition.set.file(file).path
    }

    /// A file's output name (its input path when it was given none).
    fn name(&self, file: FileId) -> String {
        self.names
            .get(&file)
            .cloned()
            .unwrap_or_else(|| self.path(file).to_owned())
    }

    fn is_module(&self, template: FileId) -> bool {
        self.modules.contains(&template)
    }
}

#[cfg(test)]
mod tests {
    use super::environment::relative;
    use super::names::nested_name;

    #[test]
    fn nested_names_follow_onap() {
        assert_eq!(nested_name("nodes/fw-node.dpdk.yml"), "fw_node_dpdk.yaml");
        assert_eq!(nested_name("db/database.yaml"), "databse.yaml");
        assert_eq!(nested_name("BASE_x.yaml"), "bse_x.yaml");
    }

    #[test]
    fn relative_paths_climb_and_descend() {
        assert_eq!(relative("base.env", "nodes/a.yaml"), "nodes/a.yaml");
        assert_eq!(relative("env/site.env", "nodes/a.yaml"), "../nodes/a.yaml");
        assert_eq!(relative("a/b.env", "a/c/d.yaml"), "c/d.yaml");
    }
}
