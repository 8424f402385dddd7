//! The sources opened recently, which the picker offers first: one absolute path per line
//! in `$XDG_STATE_HOME/vnfwiz/recent` (`~/.local/state/vnfwiz/recent` without it), the
//! newest first, a few kept. The file is the wizard's own; a missing or unreadable one is
//! an empty history, and a failure to write it is never the operator's problem.

use std::path::{Path, PathBuf};

/// Most sources remembered.
pub const MAX_RECENT: usize = 8;
/// Largest history file read; a longer one is not a history vnfwiz wrote.
const MAX_BYTES: u64 = 64 * 1024;

/// Where the history lives, when the environment says where state goes.
pub fn default_file() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| Path::new(&home).join(".local/state"))
        })?;
    Some(state.join("vnfwiz").join("recent"))
}

/// The remembered paths, newest first.
pub fn read(file: &Path) -> Vec<PathBuf> {
    let too_big = std::fs::metadata(file).map_or(true, |m| m.len() > MAX_BYTES);
    if too_big {
        return Vec::new();
    }
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .take(MAX_RECENT)
        .collect()
}

/// Puts `opened` first in the history (once), through a temporary sibling so a failure
/// leaves the old file whole.
pub fn remember(file: &Path, opened: &Path) -> std::io::Result<()> {
    let opened = std::path::absolute(opened)?;
    let mut paths = vec![opened.clone()];
    paths.extend(read(file).into_iter().filter(|p| *p != opened));
    paths.truncate(MAX_RECENT);
    let text: String = paths.iter().map(|p| format!("{}\n", p.display())).collect();
    if let Some(folder) = file.parent() {
        std::fs::create_dir_all(folder)?;
    }
    crate::foundation::atomic_file::write(file, text.as_bytes()).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_comes_first_once_and_few_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("state/vnfwiz/recent");
        assert!(read(&file).is_empty(), "no file, no history");
        for i in 0..10 {
            remember(&file, &dir.path().join(format!("p{i}.ova"))).unwrap();
        }
        remember(&file, &dir.path().join("p3.ova")).unwrap();
        let paths = read(&file);
        assert_eq!(paths.len(), MAX_RECENT);
        assert_eq!(paths[0], dir.path().join("p3.ova"));
        assert_eq!(paths[1], dir.path().join("p9.ova"));
        assert_eq!(paths.iter().filter(|p| p.ends_with("p3.ova")).count(), 1);
    }

    #[test]
    fn relative_lines_and_huge_files_are_no_history() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("recent");
        std::fs::write(&file, "relative/x.ova\n/abs/y.ova\n").unwrap();
        assert_eq!(read(&file), [PathBuf::from("/abs/y.ova")]);
        std::fs::write(&file, "/a\n".repeat(40_000)).unwrap();
        assert!(read(&file).is_empty());
    }
}
