//! Texts that stand in for files on disk: the documents an editor holds open, unsaved edits
//! included. A package read through an overlay sees those texts wherever it would read the
//! files, so the editor's buffers are checked by the same loader as the files on disk.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::input::yaml::Memo;

/// Texts by absolute path, each read instead of the file at that path (whether or not the
/// file exists on disk), and the documents parsed in earlier checks. Cloning shares both.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    texts: BTreeMap<PathBuf, Arc<[u8]>>,
    memo: Option<Arc<Memo>>,
}

impl Overlay {
    /// An overlay holding nothing: every file is read from disk.
    pub fn none() -> Overlay {
        Overlay::default()
    }

    /// Puts `text` in place of the file at `path` (absolute), replacing an earlier text.
    pub fn insert(&mut self, path: PathBuf, text: Arc<[u8]>) {
        self.texts.insert(path, text);
    }

    /// Takes the file at `path` back to what is on disk.
    pub fn remove(&mut self, path: &Path) {
        self.texts.remove(path);
    }

    /// The text standing in for `path`.
    pub fn get(&self, path: &Path) -> Option<&Arc<[u8]>> {
        self.texts.get(path)
    }

    /// Packages read through this overlay parse their YAML through `memo`: a file whose text
    /// has not changed since an earlier check is not parsed again.
    pub fn with_memo(mut self, memo: Arc<Memo>) -> Overlay {
        self.memo = Some(memo);
        self
    }

    /// The documents parsed in earlier checks, when kept.
    pub fn memo(&self) -> Option<&Arc<Memo>> {
        self.memo.as_ref()
    }

    /// True when nothing stands in for any file.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Every path with a text, sorted.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.texts.keys().map(PathBuf::as_path)
    }

    /// The texts under `root`, by their `/`-separated path relative to it (paths that climb
    /// or are not valid UTF-8 are left out: a package cannot hold them).
    pub fn under(&self, root: &Path) -> BTreeMap<String, Arc<[u8]>> {
        self.texts
            .range(root.to_path_buf()..)
            .take_while(|(path, _)| path.starts_with(root))
            .filter_map(|(path, text)| {
                let relative = path.strip_prefix(root).ok()?;
                let parts: Option<Vec<&str>> = relative
                    .components()
                    .map(|c| match c {
                        std::path::Component::Normal(part) => part.to_str(),
                        _ => None,
                    })
                    .collect();
                let parts = parts?;
                (!parts.is_empty()).then(|| (parts.join("/"), Arc::clone(text)))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_under_a_root_are_named_relative_to_it() {
        let mut overlay = Overlay::none();
        let text = |s: &str| Arc::<[u8]>::from(s.as_bytes());
        overlay.insert(PathBuf::from("/vnf/base.yaml"), text("a"));
        overlay.insert(PathBuf::from("/vnf/nested/lb.yaml"), text("b"));
        overlay.insert(PathBuf::from("/vnf2/base.yaml"), text("c"));
        overlay.insert(PathBuf::from("/other.yaml"), text("d"));
        let under = overlay.under(Path::new("/vnf"));
        let names: Vec<&str> = under.keys().map(String::as_str).collect();
        assert_eq!(names, ["base.yaml", "nested/lb.yaml"]);
        assert_eq!(&*under["nested/lb.yaml"], b"b");
        overlay.remove(Path::new("/vnf/base.yaml"));
        assert!(overlay.get(Path::new("/vnf/base.yaml")).is_none());
        assert_eq!(overlay.paths().count(), 3);
    }
}
