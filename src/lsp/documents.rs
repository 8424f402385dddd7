//! The documents the editor holds open: their texts as edited (unsaved changes included)
//! and versions, and the overlay they make for the loader.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_types::{TextDocumentContentChangeEvent, Url};

use super::position::LineMap;
use crate::input::source::Overlay;

/// One open document.
#[derive(Clone, Debug)]
pub struct Document {
    /// The editor's version of it.
    pub version: i32,
    /// Its text as the editor holds it.
    pub text: String,
}

/// Every open document that is a file, by absolute path.
#[derive(Debug, Default)]
pub struct Documents {
    open: BTreeMap<PathBuf, Document>,
}

/// The file path of a `file:` URI (other schemes, such as an editor's `untitled:`, have
/// none: they are no file of a set).
pub fn path_of(uri: &Url) -> Option<PathBuf> {
    if uri.scheme() != "file" {
        return None;
    }
    uri.to_file_path().ok()
}

/// The `file:` URI of a path.
pub fn uri_of(path: &Path) -> Option<Url> {
    Url::from_file_path(path).ok()
}

impl Documents {
    /// A document the editor opened.
    pub fn open(&mut self, path: PathBuf, version: i32, text: String) {
        self.open.insert(path, Document { version, text });
    }

    /// Applies the editor's changes in order (whole texts or ranges); false when the
    /// document is not open.
    pub fn change(
        &mut self,
        path: &Path,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    ) -> bool {
        let Some(document) = self.open.get_mut(path) else {
            return false;
        };
        for change in changes {
            match change.range {
                Some(range) => {
                    let bytes = LineMap::new(&document.text).byte_range(range);
                    document.text.replace_range(bytes, &change.text);
                }
                None => document.text = change.text,
            }
        }
        document.version = version;
        true
    }

    /// A document the editor closed: the file on disk is read again.
    pub fn close(&mut self, path: &Path) {
        self.open.remove(path);
    }

    /// The open document at `path`.
    pub fn get(&self, path: &Path) -> Option<&Document> {
        self.open.get(path)
    }

    /// Every open document, by path.
    pub fn iter(&self) -> impl Iterator<Item = (&PathBuf, &Document)> {
        self.open.iter()
    }

    /// The open documents' texts, read instead of the files on disk.
    pub fn overlay(&self) -> Overlay {
        let mut overlay = Overlay::none();
        for (path, document) in &self.open {
            overlay.insert(path.clone(), Arc::from(document.text.as_bytes()));
        }
        overlay
    }

    /// The version of each open document.
    pub fn versions(&self) -> BTreeMap<PathBuf, i32> {
        self.open
            .iter()
            .map(|(path, document)| (path.clone(), document.version))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use lsp_types::{Position, Range};

    use super::*;

    #[test]
    fn range_changes_apply_in_order_and_whole_texts_replace() {
        let mut documents = Documents::default();
        let path = PathBuf::from("/vnf/base.yaml");
        documents.open(path.clone(), 1, "a: 1\nb: 2\n".to_owned());
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_owned(),
        };
        let at = |line, character| Position::new(line, character);
        assert!(documents.change(
            &path,
            2,
            vec![
                change(Some(Range::new(at(1, 3), at(1, 4))), "20"),
                change(Some(Range::new(at(2, 0), at(2, 0))), "c: 3\n"),
            ],
        ));
        let document = documents.get(&path).unwrap();
        assert_eq!(
            (document.version, document.text.as_str()),
            (2, "a: 1\nb: 20\nc: 3\n")
        );
        assert!(documents.change(&path, 3, vec![change(None, "x: y\n")]));
        assert_eq!(documents.get(&path).unwrap().text, "x: y\n");
        assert!(!documents.change(Path::new("/other.yaml"), 1, Vec::new()));
        assert_eq!(&documents.overlay().get(&path).unwrap()[..], b"x: y\n");
        documents.close(&path);
        assert!(documents.overlay().is_empty());
    }

    #[test]
    fn only_file_uris_are_files() {
        let uri = Url::parse("file:///vnf/my%20set/base.yaml").unwrap();
        assert_eq!(
            path_of(&uri).unwrap(),
            PathBuf::from("/vnf/my set/base.yaml")
        );
        assert!(path_of(&Url::parse("untitled:Untitled-1").unwrap()).is_none());
        assert_eq!(uri_of(Path::new("/vnf/my set/base.yaml")).unwrap(), uri);
    }
}
