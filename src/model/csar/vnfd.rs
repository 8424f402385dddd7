//! The VNFD of a CSAR as tosca-parser and Tacker read it: the entry template, every file it
//! imports (transitively), the node types they define, the topology templates and the
//! deployment flavours.

use std::collections::{HashMap, VecDeque};

use crate::foundation::diagnostics::Span;
use crate::foundation::limits::Limits;
use crate::input::source::path::{self, PathError};
use crate::input::source::{PackageFiles, SourceError};
use crate::input::yaml::{self, Document, Key, LoadError, Mapping, Node, Value};

/// Where ETSI publishes the SOL001 type files; Tacker resolves imports of these URLs to its
/// bundled copies instead of fetching them.
pub const ETSI_TYPES_BASE: &str = "https://forge.etsi.org/rep/nfv/SOL001/raw/";

/// The SOL001 VNF node type every VNF node derives from.
pub const VNF_TYPE: &str = "tosca.nodes.nfv.VNF";
/// SOL001's VDU compute node type.
pub const VDU_COMPUTE: &str = "tosca.nodes.nfv.Vdu.Compute";
/// SOL001's VDU block storage node type.
pub const VDU_STORAGE: &str = "tosca.nodes.nfv.Vdu.VirtualBlockStorage";
/// SOL001's software image artifact type.
pub const SW_IMAGE: &str = "tosca.artifacts.nfv.SwImage";
/// The policy naming a flavour's instantiation levels.
pub const INSTANTIATION_LEVELS: &str = "tosca.policies.nfv.InstantiationLevels";

/// True for an import of one of ETSI's SOL001 type files by its canonical URL.
pub fn is_etsi_types_url(reference: &str) -> bool {
    reference
        .strip_prefix(ETSI_TYPES_BASE)
        .and_then(|rest| rest.rsplit('/').next())
        .is_some_and(|file| file.starts_with("etsi_nfv_sol001_") && file.ends_with("_types.yaml"))
}

/// One VNFD file.
#[derive(Clone, Debug)]
pub struct VnfdFile {
    /// Package-relative path.
    pub path: String,
    /// The text (lossy when not UTF-8).
    pub text: String,
    /// The parsed tree, or why it does not parse (or could not be read).
    pub parsed: Result<Document, LoadError>,
}

/// Where an import leads.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportTarget {
    /// A file of the package (index into [`Vnfd::files`]).
    File(usize),
    /// One of ETSI's SOL001 type files by URL.
    EtsiTypes,
    /// Another URL (tosca-parser fetches it; vnfwiz never does).
    Url,
    /// A path to a file the package does not have.
    Missing(String),
    /// An absolute or climbing path.
    Invalid(PathError),
    /// A file that exists but cannot be read (too large, I/O).
    Unreadable(String),
    /// An import entry that names no file.
    Malformed,
}

/// One entry of an `imports:` list.
#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    /// The importing file.
    pub from: usize,
    /// Where the import is written.
    pub span: Span,
    /// The reference as written.
    pub target: String,
    /// Where it leads.
    pub resolved: ImportTarget,
}

/// A node type defined by a VNFD file.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeType {
    /// `derived_from`, when given as text.
    pub derived_from: Option<String>,
    /// The defining file.
    pub file: usize,
    /// Where the type's name is written.
    pub span: Span,
}

/// A deployment flavour: a topology template whose substitution mapping names a flavour.
#[derive(Clone, Debug, PartialEq)]
pub struct Flavour {
    /// `substitution_mappings.properties.flavour_id`.
    pub id: String,
    /// The file holding the flavour's topology.
    pub file: usize,
    /// Where the id is written.
    pub span: Span,
}

/// A VNFD: its files from the entry template on, imports and node types.
#[derive(Clone, Debug, Default)]
pub struct Vnfd {
    /// The entry template first, then imported files in the order first reached.
    pub files: Vec<VnfdFile>,
    /// Every import entry.
    pub imports: Vec<Import>,
    /// Node types by name (the first definition wins).
    pub node_types: HashMap<String, NodeType>,
}

/// Longest `derived_from` chain followed (a loop in the types ends the walk).
const MAX_DERIVATION: usize = 64;

impl Vnfd {
    /// Loads `entry` and everything it imports, within the package's limits.
    pub fn load(files: &PackageFiles, entry: &str, limits: &Limits) -> Vnfd {
        let mut vnfd = Vnfd::default();
        let mut by_path: HashMap<String, usize> = HashMap::new();
        let mut queue = VecDeque::new();
        vnfd.push_file(files, entry, limits);
        by_path.insert(entry.to_owned(), 0);
        queue.push_back(0);
        while let Some(index) = queue.pop_front() {
            let from = vnfd.files[index].path.clone();
            for (span, target) in import_entries(&vnfd.files[index]) {
                let resolved = match target.as_deref() {
                    None => ImportTarget::Malformed,
                    Some(t) if is_etsi_types_url(t) => ImportTarget::EtsiTypes,
                    Some(t) if path::is_url(t) => ImportTarget::Url,
                    Some(t) => match path::resolve(&from, t) {
                        Err(e) => ImportTarget::Invalid(e),
                        Ok(target) if by_path.contains_key(&target) => {
                            ImportTarget::File(by_path[&target])
                        }
                        Ok(target) if !files.contains(&target) => ImportTarget::Missing(target),
                        Ok(_) if vnfd.files.len() >= limits.max_files => {
                            ImportTarget::Unreadable(format!(
                                "more than {} VNFD files (raise it with --max-files)",
                                limits.max_files
                            ))
                        }
                        Ok(target) => {
                            let added = vnfd.push_file(files, &target, limits);
                            by_path.insert(target, added);
                            queue.push_back(added);
                            ImportTarget::File(added)
                        }
                    },
                };
                vnfd.imports.push(Import {
                    from: index,
                    span,
                    target: target.unwrap_or_default(),
                    resolved,
                });
            }
        }
        vnfd.collect_node_types();
        vnfd
    }

    fn push_file(&mut self, files: &PackageFiles, name: &str, limits: &Limits) -> usize {
        let (text, parsed) = match files.read(name) {
            Ok(bytes) => (
                String::from_utf8_lossy(&bytes).into_owned(),
                yaml::parse(&bytes, &limits.yaml),
            ),
            Err(e) => (
                String::new(),
                Err(LoadError::Unreadable {
                    reason: match e {
                        SourceError::Missing(_) => format!("{name} is not in the package"),
                        other => other.to_string(),
                    },
                    at: Span {
                        line: 1,
                        column: 1,
                        start: 0,
                        end: 0,
                    },
                }),
            ),
        };
        self.files.push(VnfdFile {
            path: name.to_owned(),
            text,
            parsed,
        });
        self.files.len() - 1
    }

    fn collect_node_types(&mut self) {
        for (index, file) in self.files.iter().enumerate() {
            let Some(types) = root(file)
                .and_then(|r| r.get("node_types"))
                .and_then(Node::as_map)
            else {
                continue;
            };
            for (name, definition) in types.iter() {
                self.node_types
                    .entry(name.text.clone())
                    .or_insert_with(|| NodeType {
                        derived_from: definition
                            .get("derived_from")
                            .and_then(Node::as_str)
                            .map(str::to_owned),
                        file: index,
                        span: name.span,
                    });
            }
        }
    }

    /// The parsed root mapping of a file.
    pub fn root(&self, file: usize) -> Option<&Mapping> {
        root(&self.files[file])
    }

    /// True when `node_type` is `base` or derives from it through the package's types.
    pub fn is_a(&self, node_type: &str, base: &str) -> bool {
        let mut current = node_type;
        for _ in 0..MAX_DERIVATION {
            if current == base {
                return true;
            }
            match self
                .node_types
                .get(current)
                .and_then(|t| t.derived_from.as_deref())
            {
                Some(parent) => current = parent,
                None => return false,
            }
        }
        false
    }

    /// A file's `topology_template` mapping.
    pub fn topology(&self, file: usize) -> Option<&Mapping> {
        self.root(file)?.get("topology_template")?.as_map()
    }

    /// A file's node templates.
    pub fn node_templates(&self, file: usize) -> impl Iterator<Item = (&Key, &Node)> {
        self.topology(file)
            .and_then(|t| t.get("node_templates"))
            .and_then(Node::as_map)
            .into_iter()
            .flat_map(Mapping::iter)
    }

    /// A file's policies as `(name, definition)` (TOSCA writes a list of one-entry maps).
    pub fn policies(&self, file: usize) -> Vec<(&Key, &Node)> {
        let Some(policies) = self.topology(file).and_then(|t| t.get("policies")) else {
            return Vec::new();
        };
        match &policies.value {
            Value::Seq(items) => items
                .iter()
                .filter_map(Node::as_map)
                .flat_map(Mapping::iter)
                .collect(),
            Value::Map(map) => map.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Imported files with a topology template: tosca-parser's nested templates, one per
    /// flavour in Tacker's layout.
    pub fn nested_topologies(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.files.len()).filter(|&f| self.topology(f).is_some())
    }

    /// The `substitution_mappings.properties.flavour_id` node of a file.
    pub fn flavour_id_node(&self, file: usize) -> Option<&Node> {
        self.topology(file)?
            .get("substitution_mappings")?
            .get("properties")?
            .get("flavour_id")
    }

    /// The flavours as Tacker finds them: one per nested topology whose substitution
    /// mapping sets a flavour id, or the entry template's own when nothing is nested.
    pub fn flavours(&self) -> Vec<Flavour> {
        let nested: Vec<usize> = self.nested_topologies().collect();
        let candidates = if nested.is_empty() { vec![0] } else { nested };
        candidates
            .into_iter()
            .filter_map(|file| {
                let node = self.flavour_id_node(file)?;
                let id = match &node.value {
                    Value::Str(s) if !s.is_empty() => s.clone(),
                    Value::Int(i) => i.to_string(),
                    _ => return None,
                };
                Some(Flavour {
                    id,
                    file,
                    span: node.span,
                })
            })
            .collect()
    }
}

fn root(file: &VnfdFile) -> Option<&Mapping> {
    file.parsed.as_ref().ok()?.root.as_map()
}

/// Each entry of a file's `imports:` with the file it names (`None` when it names none):
/// a plain string, `{file: …}`, or a one-entry map `{name: file}` / `{name: {file: …}}`.
fn import_entries(file: &VnfdFile) -> Vec<(Span, Option<String>)> {
    let Some(list) = root(file)
        .and_then(|r| r.get("imports"))
        .and_then(Node::as_seq)
    else {
        return Vec::new();
    };
    list.iter()
        .map(|item| {
            let named = match &item.value {
                Value::Str(s) => Some(s.clone()),
                Value::Map(map) => map
                    .get("file")
                    .and_then(Node::as_str)
                    .map(str::to_owned)
                    .or_else(|| {
                        let (_, only) = map.iter().next().filter(|_| map.len() == 1)?;
                        only.as_str()
                            .or_else(|| only.get("file").and_then(Node::as_str))
                            .map(str::to_owned)
                    }),
                _ => None,
            };
            (item.span, named)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etsi_urls() {
        assert!(is_etsi_types_url(
            "https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml"
        ));
        assert!(!is_etsi_types_url(
            "https://example.com/etsi_nfv_sol001_vnfd_types.yaml"
        ));
        assert!(!is_etsi_types_url(
            "https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/other.yaml"
        ));
    }

    fn folder(files: &[(&str, &str)]) -> (tempfile::TempDir, PackageFiles) {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let listed = PackageFiles::open_dir(dir.path(), &Limits::default()).unwrap();
        (dir, listed)
    }

    #[test]
    fn imports_types_and_flavours() {
        let (_dir, files) = folder(&[
            (
                "Definitions/top.yaml",
                "tosca_definitions_version: tosca_simple_yaml_1_2\nimports:\n  - \
                 https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml\n  \
                 - types.yaml\n  - df_small.yaml\n  - missing.yaml\n",
            ),
            (
                "Definitions/types.yaml",
                "node_types:\n  acme.vFW:\n    derived_from: tosca.nodes.nfv.VNF\n  acme.vFW.Big:\n    derived_from: acme.vFW\n",
            ),
            (
                "Definitions/df_small.yaml",
                "imports: [types.yaml]\ntopology_template:\n  substitution_mappings:\n    node_type: acme.vFW\n    properties:\n      flavour_id: small\n",
            ),
        ]);
        let vnfd = Vnfd::load(&files, "Definitions/top.yaml", &Limits::default());
        assert_eq!(vnfd.files.len(), 3);
        let targets: Vec<&ImportTarget> = vnfd.imports.iter().map(|i| &i.resolved).collect();
        assert_eq!(targets[0], &ImportTarget::EtsiTypes);
        assert_eq!(targets[1], &ImportTarget::File(1));
        assert_eq!(
            targets[3],
            &ImportTarget::Missing("Definitions/missing.yaml".into())
        );
        assert_eq!(targets[4], &ImportTarget::File(1));
        assert!(vnfd.is_a("acme.vFW.Big", VNF_TYPE));
        assert!(!vnfd.is_a("acme.vFW.Big", VDU_COMPUTE));
        let flavours = vnfd.flavours();
        assert_eq!(flavours.len(), 1);
        assert_eq!((flavours[0].id.as_str(), flavours[0].file), ("small", 2));
    }

    #[test]
    fn derivation_loops_end() {
        let (_dir, files) = folder(&[(
            "t.yaml",
            "node_types:\n  a:\n    derived_from: b\n  b:\n    derived_from: a\n",
        )]);
        let vnfd = Vnfd::load(&files, "t.yaml", &Limits::default());
        assert!(!vnfd.is_a("a", VNF_TYPE));
    }
}
