//! ETSI's SOL001 type files from a folder the operator names (`--etsi-types DIR`), for an
//! offline CSAR: the common and VNFD type files of the version the generated VNFD declares,
//! checked to define every type the VNFD uses (and every NFV type they refer to each
//! other), then stored in `Definitions/` and imported by relative name as Tacker's samples
//! do. vnfwiz ships no copy of them: the package holds only what the operator gave.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::foundation::limits::Limits;
use crate::input::yaml::{self, Node, Value};

/// The SOL001 version whose types the generated VNFD uses.
pub const SOL001_VERSION: &str = "2.6.1";

/// ETSI's file names, in the order a VNFD imports them.
pub const TYPE_FILES: [&str; 2] = [
    "etsi_nfv_sol001_common_types.yaml",
    "etsi_nfv_sol001_vnfd_types.yaml",
];

/// Sections of a TOSCA file that define types.
const TYPE_SECTIONS: [&str; 8] = [
    "data_types",
    "artifact_types",
    "capability_types",
    "relationship_types",
    "interface_types",
    "node_types",
    "group_types",
    "policy_types",
];

/// Keys whose text value names a type.
const TYPE_REFERENCES: [&str; 2] = ["type", "derived_from"];

/// One of ETSI's type files, read from the operator's folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EtsiTypeFile {
    /// ETSI's file name (one of [`TYPE_FILES`]), its name in `Definitions/`.
    pub name: &'static str,
    /// Where it was read.
    pub source: PathBuf,
    /// Its bytes, stored as they are.
    pub bytes: Vec<u8>,
}

/// The SOL001 common and VNFD type files of [`SOL001_VERSION`], checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EtsiTypes {
    /// The folder they were found in, as given.
    pub folder: PathBuf,
    /// The two files, in [`TYPE_FILES`] order.
    pub files: Vec<EtsiTypeFile>,
}

/// Why a folder's SOL001 type files cannot go into a CSAR.
#[derive(Debug, thiserror::Error)]
pub enum EtsiTypesError {
    /// The folder or a file in it cannot be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// What was being read.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No file of this name and version.
    #[error("{}: no {name} of SOL001 version {SOL001_VERSION} here or in a folder one level below{}", folder.display(), found_versions(.found))]
    Missing {
        /// The folder searched.
        folder: PathBuf,
        /// ETSI's file name.
        name: &'static str,
        /// Files of that name with another version (or none): path and version.
        found: Vec<(PathBuf, String)>,
    },
    /// Two different files of the same name and version.
    #[error("{} and {} are both {name} of version {SOL001_VERSION} but differ; keep one", first.display(), second.display())]
    Ambiguous {
        /// ETSI's file name.
        name: &'static str,
        /// One copy.
        first: PathBuf,
        /// Another, different copy.
        second: PathBuf,
    },
    /// A file that is not the type file its name says.
    #[error("{}: {reason}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// Types the VNFD or the files themselves use that neither file defines.
    #[error("{} and {} do not define {}: not ETSI's SOL001 {SOL001_VERSION} type files, or damaged", common.display(), vnfd.display(), .missing.join(", "))]
    Undefined {
        /// The common types file.
        common: PathBuf,
        /// The VNFD types file.
        vnfd: PathBuf,
        /// The types missing.
        missing: Vec<String>,
    },
}

fn found_versions(found: &[(PathBuf, String)]) -> String {
    if found.is_empty() {
        return String::new();
    }
    let listed: Vec<String> = found
        .iter()
        .map(|(path, version)| format!("{} is {version}", path.display()))
        .collect();
    format!(" ({})", listed.join("; "))
}

impl EtsiTypes {
    /// Finds, reads and checks the two type files in `folder` (or in one of its
    /// subfolders, such as one per version); `used` are the types the VNFD uses.
    pub fn load(
        folder: &Path,
        used: &[&str],
        limits: &Limits,
    ) -> Result<EtsiTypes, EtsiTypesError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| EtsiTypesError::Io { path, source }
        };
        let mut places = vec![folder.to_path_buf()];
        let mut below: Vec<PathBuf> = Vec::new();
        for entry in std::fs::read_dir(folder).map_err(io(folder))? {
            let entry = entry.map_err(io(folder))?;
            if entry.file_type().map_err(io(&entry.path()))?.is_dir() {
                below.push(entry.path());
                if below.len() > limits.max_archive_entries {
                    return Err(EtsiTypesError::Io {
                        path: folder.to_path_buf(),
                        source: std::io::Error::other(format!(
                            "more than {} folders to search",
                            limits.max_archive_entries
                        )),
                    });
                }
            }
        }
        below.sort();
        places.extend(below);
        let mut files = Vec::new();
        let mut definitions = Vec::new();
        for name in TYPE_FILES {
            let (file, root) = find(folder, &places, name, limits)?;
            definitions.push(root);
            files.push(file);
        }
        let defined: BTreeSet<&str> = definitions.iter().flat_map(defined_types).collect();
        let mut missing: BTreeSet<String> = used
            .iter()
            .filter(|t| !defined.contains(*t))
            .map(|t| (*t).to_owned())
            .collect();
        let mut referenced = BTreeSet::new();
        for root in &definitions {
            references(root, &mut referenced);
        }
        missing.extend(
            referenced
                .into_iter()
                .filter(|t| t.contains(".nfv.") && !defined.contains(t.as_str())),
        );
        if !missing.is_empty() {
            return Err(EtsiTypesError::Undefined {
                common: files[0].source.clone(),
                vnfd: files[1].source.clone(),
                missing: missing.into_iter().collect(),
            });
        }
        Ok(EtsiTypes {
            folder: folder.to_path_buf(),
            files,
        })
    }
}

/// The one copy of `name` of the right version among `places`, read and parsed.
fn find(
    folder: &Path,
    places: &[PathBuf],
    name: &'static str,
    limits: &Limits,
) -> Result<(EtsiTypeFile, Node), EtsiTypesError> {
    let mut chosen: Option<(EtsiTypeFile, Node)> = None;
    let mut other_versions = Vec::new();
    for place in places {
        let path = place.join(name);
        if !path.is_file() {
            continue;
        }
        let bytes = limits
            .read_file(&path)
            .map_err(|source| EtsiTypesError::Io {
                path: path.clone(),
                source,
            })?;
        let root = parse(&path, &bytes, name, limits)?;
        let version = version_of(&root).ok_or_else(|| EtsiTypesError::Malformed {
            path: path.clone(),
            reason: "declares no metadata.template_version, so its SOL001 version is unknown"
                .to_owned(),
        })?;
        if version != SOL001_VERSION {
            other_versions.push((path, version));
            continue;
        }
        match &chosen {
            Some((first, _)) if first.bytes != bytes => {
                return Err(EtsiTypesError::Ambiguous {
                    name,
                    first: first.source.clone(),
                    second: path,
                });
            }
            Some(_) => {}
            None => {
                chosen = Some((
                    EtsiTypeFile {
                        name,
                        source: path,
                        bytes,
                    },
                    root,
                ))
            }
        }
    }
    chosen.ok_or_else(|| EtsiTypesError::Missing {
        folder: folder.to_path_buf(),
        name,
        found: other_versions,
    })
}

/// The file's root mapping, checked to be the type file `name` says.
fn parse(path: &Path, bytes: &[u8], name: &str, limits: &Limits) -> Result<Node, EtsiTypesError> {
    let malformed = |reason: String| EtsiTypesError::Malformed {
        path: path.to_path_buf(),
        reason,
    };
    let document = yaml::parse(bytes, &limits.yaml).map_err(|e| {
        let at = e.span();
        malformed(format!("line {}:{}: {e}", at.line, at.column))
    })?;
    let root = document.root;
    if root.as_map().is_none() {
        return Err(malformed(
            "is not a TOSCA definitions file (a mapping)".to_owned(),
        ));
    }
    let stem = name.trim_end_matches(".yaml");
    match root
        .get("metadata")
        .and_then(|m| m.get("template_name"))
        .and_then(Node::as_str)
    {
        Some(declared) if declared != stem => Err(malformed(format!(
            "declares template_name `{declared}`, not `{stem}`"
        ))),
        _ => Ok(root),
    }
}

/// `metadata.template_version` as text.
fn version_of(root: &Node) -> Option<String> {
    let version = root.get("metadata")?.get("template_version")?;
    match &version.value {
        Value::Str(s) => Some(s.trim().to_owned()),
        Value::Float(f) => Some(f.to_string()),
        Value::Int(i) => Some(i.to_string()),
        _ => None,
    }
}

/// The type names a file defines.
fn defined_types(root: &Node) -> impl Iterator<Item = &str> {
    TYPE_SECTIONS
        .iter()
        .filter_map(|section| root.get(section).and_then(Node::as_map))
        .flat_map(|types| types.iter().map(|(name, _)| name.text.as_str()))
}

/// Every type name the file refers to (`type:` and `derived_from:` values).
fn references(node: &Node, out: &mut BTreeSet<String>) {
    match &node.value {
        Value::Map(map) => {
            for (key, value) in map.iter() {
                if TYPE_REFERENCES.contains(&key.text.as_str())
                    && let Some(name) = value.as_str()
                {
                    out.insert(name.to_owned());
                }
                references(value, out);
            }
        }
        Value::Seq(items) => items.iter().for_each(|item| references(item, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMON: &str = "tosca_definitions_version: tosca_simple_yaml_1_2\nmetadata:\n  template_name: etsi_nfv_sol001_common_types\n  template_version: 2.6.1\ndata_types:\n  tosca.datatypes.nfv.L2AddressData:\n    derived_from: tosca.datatypes.Root\n";
    const VNFD: &str = "tosca_definitions_version: tosca_simple_yaml_1_2\nmetadata:\n  template_name: etsi_nfv_sol001_vnfd_types\n  template_version: 2.6.1\nnode_types:\n  tosca.nodes.nfv.VNF:\n    derived_from: tosca.nodes.Root\n    properties:\n      address:\n        type: tosca.datatypes.nfv.L2AddressData\n";

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    fn load(dir: &tempfile::TempDir, used: &[&str]) -> Result<EtsiTypes, EtsiTypesError> {
        EtsiTypes::load(dir.path(), used, &Limits::default())
    }

    #[test]
    fn both_files_of_the_version_are_found_here_or_one_level_below() {
        let dir = folder(&[
            ("etsi_nfv_sol001_common_types.yaml", COMMON),
            ("v2.6.1/etsi_nfv_sol001_vnfd_types.yaml", VNFD),
            (
                "v3.3.1/etsi_nfv_sol001_vnfd_types.yaml",
                &VNFD.replace("2.6.1", "3.3.1"),
            ),
        ]);
        let types = load(&dir, &["tosca.nodes.nfv.VNF"]).unwrap();
        let names: Vec<&str> = types.files.iter().map(|f| f.name).collect();
        assert_eq!(names, TYPE_FILES);
        assert_eq!(types.files[1].bytes, VNFD.as_bytes());
        assert!(
            types.files[1]
                .source
                .ends_with("v2.6.1/etsi_nfv_sol001_vnfd_types.yaml")
        );
    }

    #[test]
    fn another_version_only_is_named() {
        let dir = folder(&[
            ("etsi_nfv_sol001_common_types.yaml", COMMON),
            (
                "etsi_nfv_sol001_vnfd_types.yaml",
                &VNFD.replace("2.6.1", "3.3.1"),
            ),
        ]);
        let error = load(&dir, &[]).unwrap_err().to_string();
        assert!(
            error.contains("no etsi_nfv_sol001_vnfd_types.yaml of SOL001 version 2.6.1")
                && error.contains("etsi_nfv_sol001_vnfd_types.yaml is 3.3.1"),
            "{error}"
        );
        let empty = folder(&[]);
        assert!(matches!(
            load(&empty, &[]),
            Err(EtsiTypesError::Missing { found, .. }) if found.is_empty()
        ));
    }

    #[test]
    fn a_type_the_vnfd_uses_must_be_defined() {
        let dir = folder(&[
            ("etsi_nfv_sol001_common_types.yaml", COMMON),
            ("etsi_nfv_sol001_vnfd_types.yaml", VNFD),
        ]);
        let error = load(&dir, &["tosca.nodes.nfv.VNF", "tosca.nodes.nfv.VduCp"]).unwrap_err();
        assert!(
            matches!(&error, EtsiTypesError::Undefined { missing, .. } if missing == &["tosca.nodes.nfv.VduCp"]),
            "{error}"
        );
    }

    #[test]
    fn the_files_must_define_the_nfv_types_they_refer_to() {
        // A VNFD types file without its common types: L2AddressData is undefined.
        let dir = folder(&[
            (
                "etsi_nfv_sol001_common_types.yaml",
                &COMMON.replace("L2AddressData", "L3AddressData"),
            ),
            ("etsi_nfv_sol001_vnfd_types.yaml", VNFD),
        ]);
        let error = load(&dir, &[]).unwrap_err().to_string();
        assert!(
            error.contains("do not define tosca.datatypes.nfv.L2AddressData"),
            "{error}"
        );
    }

    #[test]
    fn swapped_unversioned_different_and_oversized_files_are_refused() {
        let swapped = folder(&[
            ("etsi_nfv_sol001_common_types.yaml", VNFD),
            ("etsi_nfv_sol001_vnfd_types.yaml", COMMON),
        ]);
        assert!(matches!(
            load(&swapped, &[]),
            Err(EtsiTypesError::Malformed { .. })
        ));
        let unversioned = folder(&[(
            "etsi_nfv_sol001_common_types.yaml",
            &COMMON.replace("  template_version: 2.6.1\n", ""),
        )]);
        let error = load(&unversioned, &[]).unwrap_err().to_string();
        assert!(error.contains("no metadata.template_version"), "{error}");
        let twice = folder(&[
            ("a/etsi_nfv_sol001_common_types.yaml", COMMON),
            (
                "b/etsi_nfv_sol001_common_types.yaml",
                &format!("{COMMON}# edited\n"),
            ),
            ("etsi_nfv_sol001_vnfd_types.yaml", VNFD),
        ]);
        assert!(matches!(
            load(&twice, &[]),
            Err(EtsiTypesError::Ambiguous { .. })
        ));
        let dir = folder(&[
            ("etsi_nfv_sol001_common_types.yaml", COMMON),
            ("etsi_nfv_sol001_vnfd_types.yaml", VNFD),
        ]);
        let small = Limits {
            max_file_bytes: 64,
            ..Limits::default()
        };
        let error = EtsiTypes::load(dir.path(), &[], &small)
            .unwrap_err()
            .to_string();
        assert!(error.contains("over the 64-byte limit"), "{error}");
        let crowded = folder(&[("a/x", ""), ("b/x", ""), ("c/x", "")]);
        let few = Limits {
            max_archive_entries: 2,
            ..Limits::default()
        };
        let error = EtsiTypes::load(crowded.path(), &[], &few)
            .unwrap_err()
            .to_string();
        assert!(error.contains("more than 2 folders to search"), "{error}");
    }
}
