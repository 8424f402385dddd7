//! What the source picker offers: the sources opened recently that still open, then the
//! inputs found under a folder (a few levels deep, hidden and build folders skipped, links
//! never followed), each with its kind and size. Only what the wizard can open is listed:
//! a CSAR is already an onboarded package, so it is left out.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::input::source::{InputKind, detect, locate};

/// How deep below the folder the picker looks.
pub const MAX_DEPTH: usize = 4;
/// Most directory entries looked at.
pub const MAX_VISITED: usize = 20_000;
/// Most candidates listed.
pub const MAX_CANDIDATES: usize = 2_000;
/// Bytes read from a YAML or JSON file to tell a HOT template from other YAML.
const SNIFF_BYTES: usize = 4096;

/// Folders never worth looking into.
const SKIPPED: [&str; 2] = ["target", "node_modules"];

/// One input the operator may open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Path relative to the scanned folder (`.` for the folder itself); absolute for a
    /// recent source.
    pub path: PathBuf,
    /// What it is.
    pub kind: InputKind,
    /// Bytes: the file, or the files directly in a folder.
    pub size: u64,
    /// Opened recently (listed first).
    pub recent: bool,
}

impl Candidate {
    /// The text the filter matches: path and kind.
    pub fn haystack(&self) -> String {
        format!("{} {}", self.path.display(), self.kind.label())
    }
}

/// The picker's list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// The folder listed.
    pub root: PathBuf,
    /// Recent sources first, then candidates, packages first, then by path.
    pub candidates: Vec<Candidate>,
    /// Whether a bound stopped the walk early.
    pub truncated: bool,
}

fn rank(kind: InputKind) -> u8 {
    match kind {
        InputKind::Ova => 0,
        InputKind::Csar => 1,
        InputKind::Ovf => 2,
        InputKind::HeatZip => 3,
        InputKind::HotFolder => 4,
        InputKind::HotFile => 5,
    }
}

/// Whether a YAML or JSON file starts like a HOT (or CFN) template.
fn is_template(path: &Path) -> bool {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    let read = std::fs::File::open(path)
        .and_then(|f| f.take(SNIFF_BYTES as u64).read_to_end(&mut head))
        .is_ok();
    read && {
        let text = String::from_utf8_lossy(&head);
        text.contains("heat_template_version") || text.contains("AWSTemplateFormatVersion")
    }
}

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

/// The kind of a file, when the picker offers it (never a CSAR: the wizard cannot
/// onboard one).
fn file_kind(path: &Path) -> Option<InputKind> {
    match extension(path).as_str() {
        "ova" => Some(InputKind::Ova),
        "ovf" => Some(InputKind::Ovf),
        "zip" => detect(path).ok().filter(|k| *k == InputKind::HeatZip),
        "yaml" | "yml" | "template" | "hot" | "json" if is_template(path) => {
            Some(InputKind::HotFile)
        }
        _ => None,
    }
}

/// The recent sources that still open, as the picker lists them first.
fn recent_candidates(recent: &[PathBuf]) -> Vec<Candidate> {
    recent
        .iter()
        .filter_map(|path| {
            let meta = std::fs::metadata(path).ok()?;
            let kind = if meta.is_dir() {
                // A folder counts when it holds a template (or an OVF package).
                locate(path)
                    .ok()
                    .map(|l| l.kind)
                    .filter(|k| matches!(k, InputKind::Ovf | InputKind::Ova))
                    .or_else(|| {
                        std::fs::read_dir(path)
                            .ok()?
                            .flatten()
                            .any(|e| {
                                e.file_type().is_ok_and(|t| t.is_file())
                                    && file_kind(&e.path()) == Some(InputKind::HotFile)
                            })
                            .then_some(InputKind::HotFolder)
                    })?
            } else {
                file_kind(path)?
            };
            // A folder's size is its files', as the scan counts it, not its directory entry's.
            let size = if meta.is_dir() {
                files_bytes(path)
            } else {
                meta.len()
            };
            Some(Candidate {
                path: path.clone(),
                kind,
                size,
                recent: true,
            })
        })
        .collect()
}

/// The bytes of the files directly in `folder` (what a listed folder's size counts).
fn files_bytes(folder: &Path) -> u64 {
    std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|e| e.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

/// Lists the recent sources that still open, then the inputs under `root`.
pub fn scan(root: &Path, recent: &[PathBuf]) -> Scan {
    let mut scan = Scan {
        root: root.to_path_buf(),
        ..Scan::default()
    };
    let mut visited = 0usize;
    let mut queue: Vec<(PathBuf, usize)> = vec![(PathBuf::new(), 0)];
    let mut next = 0;
    while next < queue.len() {
        let (relative, depth) = queue[next].clone();
        next += 1;
        let Ok(entries) = std::fs::read_dir(root.join(&relative)) else {
            continue;
        };
        let (mut templates, mut bytes) = (0usize, 0u64);
        for entry in entries.flatten() {
            visited += 1;
            if visited > MAX_VISITED || scan.candidates.len() >= MAX_CANDIDATES {
                scan.truncated = true;
                break;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let Ok(file_type) = entry.file_type() else {
                continue;
            };
            let path = relative.join(&name);
            if file_type.is_dir() {
                if depth < MAX_DEPTH && !SKIPPED.contains(&name.as_str()) {
                    queue.push((path, depth + 1));
                }
            } else if file_type.is_file() {
                let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                bytes += size;
                if let Some(kind) = file_kind(&root.join(&path)) {
                    templates += usize::from(kind == InputKind::HotFile);
                    scan.candidates.push(Candidate {
                        path,
                        kind,
                        size,
                        recent: false,
                    });
                }
            }
        }
        if templates > 0 {
            let path = if relative.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                relative
            };
            scan.candidates.push(Candidate {
                path,
                kind: InputKind::HotFolder,
                size: bytes,
                recent: false,
            });
        }
        if scan.truncated {
            break;
        }
    }
    scan.candidates
        .sort_by(|a, b| (rank(a.kind), &a.path).cmp(&(rank(b.kind), &b.path)));
    let mut recent = recent_candidates(recent);
    // A recent source under the folder is listed once, as recent.
    scan.candidates
        .retain(|c| !recent.iter().any(|r| r.path == root.join(&c.path)));
    recent.append(&mut scan.candidates);
    scan.candidates = recent;
    scan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_packages_sets_and_templates_with_their_kinds() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("vnfs/dns")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("target")).unwrap();
        std::fs::write(
            root.join("vnfs/dns/base_dns.yaml"),
            "heat_template_version: 2016-10-14\n",
        )
        .unwrap();
        std::fs::write(root.join("vnfs/dns/notes.yaml"), "title: notes\n").unwrap();
        std::fs::write(root.join("fw.ova"), vec![0u8; 2048]).unwrap();
        std::fs::write(root.join("done.csar"), b"x").unwrap();
        std::fs::write(root.join(".git/hidden.ova"), b"x").unwrap();
        std::fs::write(root.join("target/built.ova"), b"x").unwrap();
        std::fs::write(root.join("readme.txt"), b"x").unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let recent_ova = elsewhere.path().join("old.ova");
        std::fs::write(&recent_ova, b"x").unwrap();
        let gone = elsewhere.path().join("gone.ova");
        let scan = scan(root, &[recent_ova.clone(), gone, root.join("fw.ova")]);
        let listed: Vec<(String, InputKind)> = scan
            .candidates
            .iter()
            .map(|c| (c.path.display().to_string(), c.kind))
            .collect();
        assert_eq!(
            listed,
            [
                (recent_ova.display().to_string(), InputKind::Ova),
                (root.join("fw.ova").display().to_string(), InputKind::Ova),
                ("vnfs/dns".to_owned(), InputKind::HotFolder),
                ("vnfs/dns/base_dns.yaml".to_owned(), InputKind::HotFile),
            ]
        );
        assert!(scan.candidates[1].recent && !scan.candidates[2].recent);
        assert_eq!(scan.candidates[1].size, 2048, "listed once, as recent");
        assert!(!scan.truncated);
    }

    #[test]
    fn a_recent_folder_counts_its_files_not_its_directory_entry() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("dns");
        std::fs::create_dir(&set).unwrap();
        let template = "heat_template_version: 2016-10-14\n";
        std::fs::write(set.join("base_dns.yaml"), template).unwrap();
        std::fs::write(set.join("base_dns.env"), "parameters: {}\n").unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let scan = scan(elsewhere.path(), std::slice::from_ref(&set));
        assert_eq!(scan.candidates.len(), 1);
        assert_eq!(scan.candidates[0].kind, InputKind::HotFolder);
        assert_eq!(
            scan.candidates[0].size,
            (template.len() + "parameters: {}\n".len()) as u64
        );
    }
}
