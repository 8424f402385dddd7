//! Fixed texts written back to the source files, as `validate --fix` and the wizard's
//! Review step do: each file replaced whole (`foundation::atomic_file`: a reader sees the
//! old text or the new one, never half of it), only while it still holds
//! the bytes vnfwiz read (a file changed on disk since is left alone and named), and a file
//! a fix creates only where none exists yet.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::foundation::atomic_file::{AtomicFile, AtomicWriteError};

use super::workspace::Workspace;

/// One file whose text fixes changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedFile {
    /// Its path in the package.
    pub path: String,
    /// The bytes read from disk (`None`: a fix creates the file).
    pub before: Option<Vec<u8>>,
    /// The fixed bytes.
    pub after: Vec<u8>,
}

/// Why a file was not written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Skipped {
    /// The file on disk is no longer what was read.
    #[error("changed on disk since vnfwiz read it; left alone (run again to fix the new text)")]
    ChangedOnDisk,
    /// A file a fix creates exists by now.
    #[error("created by someone else since vnfwiz read the set; left alone")]
    Appeared,
    /// The path is not a regular file (a link, a folder).
    #[error("not a regular file; left alone")]
    NotRegular,
    /// Reading, writing or renaming failed.
    #[error("{0}")]
    Io(String),
}

/// What a write-back did, file by file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteBack {
    /// Files written over (package paths).
    pub written: Vec<String>,
    /// Files created.
    pub created: Vec<String>,
    /// Files left alone, and why.
    pub skipped: Vec<(String, Skipped)>,
}

impl WriteBack {
    /// True when every change reached its file.
    pub fn complete(&self) -> bool {
        self.skipped.is_empty()
    }
}

/// The files a workspace's fixes changed, with their texts before and after (a file
/// changed and changed back is not listed).
pub fn changes(workspace: &Workspace) -> Vec<FixedFile> {
    let set = workspace.set();
    workspace
        .originals()
        .iter()
        .filter_map(|(path, before)| {
            let after = &set.files[set.find(path)?].bytes;
            (before.as_ref() != Some(after)).then(|| FixedFile {
                path: path.clone(),
                before: before.clone(),
                after: after.clone(),
            })
        })
        .collect()
}

/// Writes every change under `root` (the package's folder); each file on its own.
pub fn write_back(root: &Path, changes: &[FixedFile]) -> WriteBack {
    let mut done = WriteBack::default();
    // Stable order, whatever order the fixes came in.
    let ordered: BTreeMap<&str, &FixedFile> =
        changes.iter().map(|c| (c.path.as_str(), c)).collect();
    for (path, change) in ordered {
        let target = root.join(path);
        match write_one(&target, change) {
            Ok(true) => done.written.push(path.to_owned()),
            Ok(false) => done.created.push(path.to_owned()),
            Err(reason) => done.skipped.push((path.to_owned(), reason)),
        }
    }
    done
}

/// Writes one file; `Ok(true)` when an existing file was replaced, `Ok(false)` when a new
/// one was created.
fn write_one(target: &Path, change: &FixedFile) -> Result<bool, Skipped> {
    let io = |e: std::io::Error| Skipped::Io(format!("{}: {e}", target.display()));
    let failed = |e: AtomicWriteError| io(e.source);
    match (&change.before, fs::symlink_metadata(target)) {
        (Some(before), Ok(meta)) => {
            if !meta.file_type().is_file() {
                return Err(Skipped::NotRegular);
            }
            if fs::read(target).map_err(io)? != *before {
                return Err(Skipped::ChangedOnDisk);
            }
            let mut file = AtomicFile::create(target).map_err(failed)?;
            file.write_all(&change.after).map_err(failed)?;
            // The fixed file keeps the permissions of the one it replaces.
            file.set_permissions(meta.permissions()).map_err(failed)?;
            file.commit().map_err(failed)?;
            Ok(true)
        }
        (Some(_), Err(_)) => Err(Skipped::ChangedOnDisk),
        (None, Ok(_)) => Err(Skipped::Appeared),
        (None, Err(_)) => {
            let mut file = AtomicFile::create(target).map_err(failed)?;
            file.write_all(&change.after).map_err(failed)?;
            // Never over a file that appeared meanwhile.
            if file.commit_new().map_err(failed)? {
                Ok(false)
            } else {
                Err(Skipped::Appeared)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(path: &str, before: Option<&str>, after: &str) -> FixedFile {
        FixedFile {
            path: path.into(),
            before: before.map(|b| b.as_bytes().to_vec()),
            after: after.as_bytes().to_vec(),
        }
    }

    #[test]
    fn files_are_replaced_created_or_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("base.env"), "parameters:\n  vnf_id: x\n").unwrap();
        fs::write(root.join("other.env"), "parameters: {}\n# edited by hand\n").unwrap();
        fs::write(root.join("late.env"), "parameters: {}\n").unwrap();
        let done = write_back(
            root,
            &[
                change(
                    "base.env",
                    Some("parameters:\n  vnf_id: x\n"),
                    "parameters: {}\n",
                ),
                change(
                    "other.env",
                    Some("parameters: {}\n"),
                    "parameters:\n  a: 1\n",
                ),
                change("new.env", None, "parameters: {}\n"),
                change("late.env", None, "parameters:\n  b: 2\n"),
            ],
        );
        assert_eq!(done.written, ["base.env"]);
        assert_eq!(done.created, ["new.env"]);
        assert_eq!(
            done.skipped,
            [
                ("late.env".to_owned(), Skipped::Appeared),
                ("other.env".to_owned(), Skipped::ChangedOnDisk)
            ]
        );
        assert_eq!(
            fs::read_to_string(root.join("base.env")).unwrap(),
            "parameters: {}\n"
        );
        assert_eq!(
            fs::read_to_string(root.join("other.env")).unwrap(),
            "parameters: {}\n# edited by hand\n"
        );
        assert_eq!(
            fs::read_to_string(root.join("late.env")).unwrap(),
            "parameters: {}\n"
        );
        // No staging file is left behind.
        let mut names: Vec<String> = fs::read_dir(root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["base.env", "late.env", "new.env", "other.env"]);
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept_and_links_not_followed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("secret.env"), "a\n").unwrap();
        fs::set_permissions(root.join("secret.env"), fs::Permissions::from_mode(0o600)).unwrap();
        fs::write(root.join("real.env"), "a\n").unwrap();
        std::os::unix::fs::symlink(root.join("real.env"), root.join("link.env")).unwrap();
        let done = write_back(
            root,
            &[
                change("secret.env", Some("a\n"), "b\n"),
                change("link.env", Some("a\n"), "b\n"),
            ],
        );
        assert_eq!(done.written, ["secret.env"]);
        assert_eq!(done.skipped, [("link.env".to_owned(), Skipped::NotRegular)]);
        let mode = fs::metadata(root.join("secret.env"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(fs::read_to_string(root.join("real.env")).unwrap(), "a\n");
    }
}
