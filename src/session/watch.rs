//! Noticing that a session's source changed on disk: the files it was read from (a folder's
//! listing, the templates given one by one, an OVF package's descriptor, manifest,
//! certificate and referenced files, an archive) are stamped with their length,
//! modification time and inode, and a later stamp that differs means the source must be
//! read again. Polling these stamps is the wizard's file watch (docs/decisions.md): a
//! change counts once the files have stayed the same for one more look ([`Watch`]).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::foundation::diagnostics::InputRoot;

use super::{Session, Source};

/// The stamp of one file: what changes when it is written or replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(&meta);
        #[cfg(not(unix))]
        let inode = 0;
        Some(Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            inode,
        })
    }
}

/// What a source is made of on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Watched {
    /// A folder: every file in it, so added and removed files count too; at most `most`
    /// files are listed (one more than the loader reads: more means a change).
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Most files listed.
        most: usize,
    },
    /// These files (an archive is one file).
    Files(Vec<PathBuf>),
}

/// Every watched file with its stamp (`None`: missing), in a fixed order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint(Vec<(PathBuf, Option<Stamp>)>);

impl Watched {
    /// The stamps of the watched files now.
    pub fn fingerprint(&self) -> Fingerprint {
        match self {
            Watched::Files(paths) => {
                Fingerprint(paths.iter().map(|p| (p.clone(), Stamp::of(p))).collect())
            }
            Watched::Folder { dir, most } => {
                let mut files = listing(dir, *most);
                files.sort();
                Fingerprint(
                    files
                        .into_iter()
                        .map(|p| {
                            let stamp = Stamp::of(&p);
                            (p, stamp)
                        })
                        .collect(),
                )
            }
        }
    }
}

/// Whether a file name is an editor's scratch file (a swap, lock or backup file), which
/// changes while a template is being edited without being part of the package.
fn scratch(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~') || name == "4913"
}

/// The files under `dir` as the loader lists a folder (no symbolic links, no `.git`),
/// editors' scratch files left out; `most` of them at most.
fn listing(dir: &Path, most: usize) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            if scratch(&entry.file_name().to_string_lossy()) {
                continue;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                found.push(entry.path());
                if found.len() >= most {
                    return found;
                }
            }
        }
    }
    found
}

impl Fingerprint {
    /// Whether a watched file was modified at or after `since` (while it was being read).
    pub fn modified_since(&self, since: SystemTime) -> bool {
        self.0
            .iter()
            .filter_map(|(_, stamp)| stamp.as_ref()?.modified)
            .any(|modified| modified >= since)
    }
}

impl Session {
    /// What the source is made of on disk, to watch for changes.
    pub fn watched(&self) -> Watched {
        let root = match &self.root {
            InputRoot::Archive(path) => return Watched::Files(vec![path.clone()]),
            InputRoot::Folder(root) => root,
        };
        match &self.source {
            Source::Hot { .. } if Path::new(&self.label).is_dir() => Watched::Folder {
                dir: root.clone(),
                most: self.limits.max_archive_entries + 1,
            },
            Source::Hot { set } => Watched::Files(
                set.files
                    .iter()
                    .map(|f| root.join(&f.path))
                    .filter(|p| p.is_file())
                    .collect(),
            ),
            Source::Ovf { package, .. } => {
                let descriptor = &package.descriptor_name;
                let stem = descriptor
                    .rsplit_once('.')
                    .map_or(descriptor.as_str(), |(stem, _)| stem);
                let mut names = vec![
                    descriptor.clone(),
                    format!("{stem}.mf"),
                    format!("{stem}.cert"),
                ];
                if let Some(envelope) = package.envelope() {
                    names.extend(
                        envelope
                            .references
                            .iter()
                            .filter_map(|file| package.file_name(file)),
                    );
                }
                Watched::Files(names.into_iter().map(|n| root.join(n)).collect())
            }
        }
    }

    /// The stamps of the source's files as they were read, and whether one changed while
    /// it was being read (then the source must be read again at once).
    pub fn read_as(&self) -> (Fingerprint, bool) {
        let fingerprint = self.watched().fingerprint();
        let changed = fingerprint.modified_since(self.opened_at);
        (fingerprint, changed)
    }
}

/// A session's source files as last read, to notice when they change. A change is acted
/// on once the files have stayed the same for one more look, so a save in several writes is
/// read once it is whole.
#[derive(Debug)]
pub struct Watch {
    watched: Watched,
    seen: Fingerprint,
    pending: Option<Fingerprint>,
    /// A file changed while the source was being read: read it again at once.
    stale: bool,
}

impl Watch {
    /// Watches the files `session` was read from, as they were read.
    pub fn new(session: &Session) -> Watch {
        let (seen, stale) = session.read_as();
        Watch {
            watched: session.watched(),
            seen,
            pending: None,
            stale,
        }
    }

    /// Whether the files changed since they were read and have settled (one look).
    pub fn changed(&mut self) -> bool {
        if self.stale {
            return true;
        }
        let now = self.watched.fingerprint();
        if now == self.seen {
            self.pending = None;
            return false;
        }
        let settled = self.pending.as_ref() == Some(&now);
        self.pending = Some(now);
        settled
    }

    /// Whether the files are as they were read (for a reading asked for).
    pub fn unchanged(&self) -> bool {
        !self.stale && self.watched.fingerprint() == self.seen
    }

    /// Reading them again failed: the files as they are now count as seen, until they
    /// change once more.
    pub fn failed(&mut self) {
        self.seen = self.watched.fingerprint();
        self.pending = None;
        self.stale = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;

    fn dns_copy() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let from =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wizard/dns-needs-work");
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
        dir
    }

    #[test]
    fn a_folder_changes_when_a_file_is_written_added_or_removed() {
        let dir = dns_copy();
        let session = Session::open(dir.path(), &Limits::default()).unwrap();
        let watched = session.watched();
        assert_eq!(
            watched,
            Watched::Folder {
                dir: dir.path().to_path_buf(),
                most: Limits::default().max_archive_entries + 1
            }
        );
        let first = watched.fingerprint();
        assert_eq!(first, watched.fingerprint(), "nothing changed");
        // A swap file appearing beside a template is not a change of the package.
        std::fs::write(dir.path().join(".base_dns.yaml.swp"), b"swap").unwrap();
        std::fs::write(dir.path().join("base_dns.yaml~"), b"backup").unwrap();
        assert_eq!(first, watched.fingerprint(), "scratch files are ignored");
        let template = dir.path().join("base_dns.yaml");
        let mut text = std::fs::read_to_string(&template).unwrap();
        text.push_str("\n# edited\n");
        std::fs::write(&template, text).unwrap();
        let second = watched.fingerprint();
        assert_ne!(first, second, "a longer file");
        std::fs::write(dir.path().join("extra.yaml"), b"a: 1\n").unwrap();
        let third = watched.fingerprint();
        assert_ne!(second, third, "an added file");
        std::fs::remove_file(dir.path().join("extra.yaml")).unwrap();
        assert_eq!(second, watched.fingerprint(), "removed again");
    }

    #[test]
    fn a_change_counts_once_the_files_settle() {
        let dir = dns_copy();
        let session = Session::open(dir.path(), &Limits::default()).unwrap();
        let mut watch = Watch::new(&session);
        assert!(!watch.changed() && watch.unchanged(), "as read");
        let template = dir.path().join("base_dns.yaml");
        let mut text = std::fs::read_to_string(&template).unwrap();
        text.push_str("\n# edited\n");
        std::fs::write(&template, &text).unwrap();
        assert!(!watch.unchanged(), "a reading asked for sees it at once");
        assert!(
            !watch.changed(),
            "the first look waits for the files to settle"
        );
        assert!(watch.changed(), "the same stamps a look later: settled");
        watch.failed();
        assert!(
            !watch.changed(),
            "a failed reading waits for the next change"
        );
    }

    #[test]
    fn a_folder_listing_stops_at_its_bound() {
        let dir = dns_copy();
        for i in 0..4 {
            std::fs::write(dir.path().join(format!("extra_{i}.yaml")), b"a: 1\n").unwrap();
        }
        assert_eq!(listing(dir.path(), 3).len(), 3);
        assert_eq!(listing(dir.path(), 100).len(), 6);
    }

    #[test]
    fn an_ova_is_watched_as_one_file_and_an_ovf_by_its_package_files() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        let ova = repo.join("assets/samples/vfw-edge.ova");
        let session = Session::open(&ova, &Limits::default()).unwrap();
        assert_eq!(
            session.watched(),
            Watched::Files(vec![std::path::absolute(&ova).unwrap()])
        );
        let (_, changed) = session.read_as();
        assert!(!changed, "the sample was not written while it was read");
        let descriptor = repo.join("tests/fixtures/convert/sections/network.ovf");
        let session = Session::open(&descriptor, &Limits::default()).unwrap();
        let Watched::Files(files) = session.watched() else {
            panic!("an .ovf is watched by its files");
        };
        let folder = std::path::absolute(descriptor.parent().unwrap()).unwrap();
        assert_eq!(
            files[..3],
            [
                folder.join("network.ovf"),
                folder.join("network.mf"),
                folder.join("network.cert")
            ],
            "the descriptor, its manifest and certificate (absent ones too: adding one is a change)"
        );
    }

    #[test]
    fn a_file_written_while_the_source_was_read_is_noticed() {
        let dir = dns_copy();
        let session = Session::open(dir.path(), &Limits::default()).unwrap();
        let (fingerprint, _) = session.read_as();
        assert!(
            !fingerprint.modified_since(SystemTime::now() + std::time::Duration::from_secs(60))
        );
        assert!(fingerprint.modified_since(SystemTime::UNIX_EPOCH));
    }
}
