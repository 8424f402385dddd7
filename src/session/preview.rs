//! The output files as the faces preview them: each file's text with every hidden value
//! masked by the one secret policy (`hot::secrets`, through the set's own texts), in the
//! order the wizard's Files tab lists them.

use crate::foundation::diagnostics::SourceTexts;

use super::resolve::{FileRole, Resolved};

/// An output file's text as the faces preview it, hidden values masked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePreview {
    /// What the file is.
    pub role: FileRole,
    /// Its path below the output folder.
    pub path: String,
    /// Its text.
    pub text: String,
}

impl Resolved {
    /// Every text output file as the faces preview it: the base template and its
    /// environment first, then the other modules' files, the answers file last (it is no
    /// file of the set and holds no secret: its own text). Files that are not UTF-8 are
    /// left out.
    pub fn previews(&self) -> Vec<FilePreview> {
        let mut previews: Vec<FilePreview> = self
            .files
            .iter()
            .filter(|f| std::str::from_utf8(&f.bytes).is_ok())
            .filter_map(|f| {
                let text = if f.role == FileRole::Answers {
                    String::from_utf8_lossy(&f.bytes).into_owned()
                } else {
                    self.set.text(&f.path)?.into_owned()
                };
                Some(FilePreview {
                    role: f.role,
                    path: f.path.clone(),
                    text,
                })
            })
            .collect();
        previews.sort_by_key(|p| rank(p.role));
        previews
    }
}

/// Where a preview of a file of this role comes.
fn rank(role: FileRole) -> u8 {
    match role {
        FileRole::Template => 0,
        FileRole::Environment => 1,
        FileRole::Nested => 2,
        FileRole::Artifact => 3,
        FileRole::Answers => 4,
    }
}
