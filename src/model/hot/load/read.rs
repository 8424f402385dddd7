//! Reading the package's files: the listing, the roots (parsed on every core), each reference.

use std::io::Read as _;

use crate::foundation::diagnostics::Span;
use crate::input::source::{PackageFiles, SourceError, disk_image};
use crate::input::yaml::{self, LoadError, Parsed};

use super::super::manifest::Manifest;
use super::super::path_error::ReferenceError;
use super::super::set::{FileId, PackageEntry, Role, SourceFile, TemplateKind};
use super::super::stage::is_capabilities_map;
use super::modules::module_kind_by_name;
use super::{Loader, Roots, YAML_EXTENSIONS, ends_with_ignoring_case};

/// Every file of a listed package, with the disk images among them recognised by extension
/// or, for files of other names, by their first bytes.
pub(super) fn list_package(files: &PackageFiles) -> Vec<PackageEntry> {
    if !files.is_listed() {
        return Vec::new();
    }
    files
        .names()
        .iter()
        .map(|name| {
            let size = files.size(name).unwrap_or(0);
            let disk_image = disk_image::by_extension(name).or_else(|| {
                let is_yaml = YAML_EXTENSIONS
                    .iter()
                    .any(|e| ends_with_ignoring_case(name, e));
                if is_yaml || size < disk_image::SMALLEST_IMAGE {
                    return None;
                }
                let head = files.stream(name, |reader| {
                    let mut head = Vec::with_capacity(disk_image::SNIFF_BYTES);
                    reader
                        .take(disk_image::SNIFF_BYTES as u64)
                        .read_to_end(&mut head)
                        .map_err(|source| SourceError::Io {
                            path: name.into(),
                            source,
                        })?;
                    Ok::<_, SourceError>(head)
                });
                // An entry that cannot be read is simply not recognised as an image.
                head.ok().and_then(|head| disk_image::by_content(&head))
            });
            PackageEntry {
                path: name.clone(),
                size,
                disk_image,
            }
        })
        .collect()
}

impl Loader<'_> {
    pub(super) fn start(&mut self, roots: Roots) {
        let names: Vec<String> = match roots {
            Roots::Given(names) => names,
            Roots::Discover => {
                if self.files.contains("MANIFEST.json") {
                    self.read_manifest();
                }
                self.files
                    .names()
                    .iter()
                    .filter(|n| {
                        YAML_EXTENSIONS
                            .iter()
                            .any(|e| ends_with_ignoring_case(n, e))
                    })
                    .filter(|n| n.as_str() != "MANIFEST.json")
                    .cloned()
                    .collect()
            }
        };
        let mut read = Vec::with_capacity(names.len());
        for name in names {
            if self.by_path.contains_key(&name) || read.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let bytes = self.files.read(&name);
            read.push((name, bytes));
        }
        let limits = self.set.limits.yaml;
        let parsed = parse_in_parallel(read, &limits, self.files.memo());
        for (name, outcome) in parsed {
            match outcome {
                Ok((bytes, document)) => {
                    let map = self.set.capabilities_map.is_none()
                        && document
                            .as_ref()
                            .is_ok_and(|d| is_capabilities_map(&d.root));
                    let role = if map {
                        Role::Artifact
                    } else {
                        self.classify(&name, &bytes, document.as_deref().ok())
                    };
                    let document = match role {
                        // Other YAML (VNFDs, cloud-config…) is not part of the HOT set; a
                        // capabilities map is kept for composition.
                        Role::Artifact if !map => None,
                        _ => Some(document),
                    };
                    let id = self.push(name, bytes, role, document);
                    if map {
                        self.set.capabilities_map = Some(id);
                    }
                }
                Err(error) => {
                    // A listed file that cannot be read is kept, so the reason is reported.
                    let role = Role::Template(module_kind_by_name(&name));
                    let failed = Err(LoadError::Unreadable {
                        reason: error.to_string(),
                        at: Span {
                            line: 1,
                            column: 1,
                            start: 0,
                            end: 0,
                        },
                    });
                    self.push(name, Vec::new(), role, Some(failed));
                }
            }
        }
    }

    fn read_manifest(&mut self) {
        let Ok(bytes) = self.files.read("MANIFEST.json") else {
            return;
        };
        let id = self.add("MANIFEST.json".to_owned(), bytes, Role::Manifest);
        if let Some(document) = &self.set.files[id].document {
            self.set.manifest = Some(Manifest::from_node(&document.root));
        }
    }

    /// Adds a file read for a reference: templates and env files are parsed, artifacts kept
    /// as bytes.
    fn add(&mut self, path: String, bytes: Vec<u8>, role: Role) -> FileId {
        let document = match role {
            Role::Artifact => None,
            _ => Some(self.parse(&bytes)),
        };
        self.push(path, bytes, role, document)
    }

    /// Parses a file's bytes, through the package's memo when it has one.
    fn parse(&self, bytes: &[u8]) -> Parsed {
        yaml::parse_shared(bytes, &self.set.limits.yaml, self.files.memo())
    }

    fn push(&mut self, path: String, bytes: Vec<u8>, role: Role, parsed: Option<Parsed>) -> FileId {
        let (document, load_error) = match parsed {
            Some(Ok(d)) => (Some(d), None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        };
        let id = self.set.files.len();
        self.by_path.insert(path.clone(), id);
        self.set.files.push(SourceFile {
            path,
            bytes,
            role,
            document,
            load_error,
        });
        id
    }

    /// Loads `target` (package path) for a reference, reusing a file already loaded.
    pub(super) fn open(&mut self, target: &str, role: Role) -> Result<FileId, ReferenceError> {
        if let Some(&id) = self.by_path.get(target) {
            let file = &mut self.set.files[id];
            if role == Role::Template(TemplateKind::Nested) && file.role == Role::Artifact {
                // A file first seen as plain YAML or a `get_file` target is also a template.
                file.role = role;
                match yaml::parse_shared(&file.bytes, &self.set.limits.yaml, self.files.memo()) {
                    Ok(d) => file.document = Some(d),
                    Err(e) => file.load_error = Some(e),
                }
            }
            return Ok(id);
        }
        if self.set.files.len() >= self.set.limits.max_files {
            return Err(ReferenceError::TooManyFiles(self.set.limits.max_files));
        }
        match self.files.read(target) {
            Ok(bytes) => Ok(self.add(target.to_owned(), bytes, role)),
            Err(SourceError::Missing(_)) => Err(ReferenceError::Missing(target.to_owned())),
            Err(e) => Err(ReferenceError::Unreadable(e.to_string())),
        }
    }
}

/// A file as read: its bytes, or why it could not be read.
type Read = (String, Result<Vec<u8>, SourceError>);

/// A file read and parsed, or why it could not be read.
type ReadAndParsed = Result<(Vec<u8>, Parsed), SourceError>;

/// Parses files on every core (one, for a few small files), through `memo` when there is
/// one; results keep the input order.
fn parse_in_parallel(
    read: Vec<Read>,
    limits: &crate::foundation::limits::YamlLimits,
    memo: Option<&yaml::Memo>,
) -> Vec<(String, ReadAndParsed)> {
    let total = read
        .iter()
        .map(|(_, bytes)| bytes.as_ref().map_or(0, Vec::len))
        .sum();
    let documents = crate::foundation::parallel::map_ordered(&read, total, |(_, bytes)| {
        bytes
            .as_ref()
            .ok()
            .map(|bytes| yaml::parse_shared(bytes, limits, memo))
    });
    read.into_iter()
        .zip(documents)
        .map(|((name, bytes), document)| {
            let outcome = bytes.map(|bytes| {
                // Every readable file was parsed above.
                let document = document.unwrap_or_else(|| yaml::parse_shared(&bytes, limits, memo));
                (bytes, document)
            });
            (name, outcome)
        })
        .collect()
}
