//! The References section: every file of the package, with size, compression and chunking.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::input::integrity::{Compression, ExpectedFile};
use crate::model::ovf::located::Located;
use crate::model::ovf::notice::NoticeKind;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::xml::XmlElement;

/// One `File` of the References section.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileRef {
    /// `ovf:id`, what other elements refer to.
    pub id: Located<String>,
    /// `ovf:href`, relative to the descriptor (or a URL).
    pub href: Located<String>,
    /// `ovf:size` in bytes (of the whole file when chunked).
    pub size: Option<u64>,
    /// `ovf:compression` (`gzip`), when the file is stored compressed.
    pub compression: Option<String>,
    /// `ovf:chunkSize`: the file is stored as `href.000000000`, `href.000000001`, ….
    pub chunk_size: Option<u64>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

impl FileRef {
    /// How many chunk files hold this file, when it is chunked and its size is known.
    pub fn chunk_count(&self) -> Option<u64> {
        let chunk = self.chunk_size.filter(|&c| c > 0)?;
        Some(self.size?.div_ceil(chunk).max(1))
    }

    /// The names of the chunk files, in order (empty when the file is not chunked).
    pub fn chunk_names(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.chunk_count().unwrap_or(0)).map(|i| format!("{}.{i:09}", self.href.value))
    }
}

/// Reads `References`.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> Vec<FileRef> {
    let mut files = Vec::new();
    for child in reading.children(element) {
        if !child.is_ovf("File") {
            continue;
        }
        let path = "References/File";
        let id = reading.required_attr(child, "id", path);
        let href = reading.required_attr(child, "href", path);
        let (Some(id), Some(href)) = (id, href) else {
            continue;
        };
        let size = reading.u64_attr(child, "size", path);
        let chunk_size = reading.u64_attr(child, "chunkSize", path);
        if chunk_size == Some(0) {
            reading.notice(
                NoticeKind::Malformed,
                child.span,
                path,
                "ovf:chunkSize is 0; a chunked file needs a chunk size above zero".to_owned(),
            );
        }
        files.push(FileRef {
            id,
            href,
            size,
            compression: child.ovf_value("compression").map(str::to_owned),
            chunk_size,
            span: child.span,
        });
    }
    files
}

impl From<&FileRef> for ExpectedFile {
    /// What the OVF model read from a `File` element; an `ovf:compression` other than gzip
    /// or bzip2 (`identity`, or unknown) counts as stored as is.
    fn from(file: &FileRef) -> ExpectedFile {
        let compression = match file.compression.as_deref().map(str::to_ascii_lowercase) {
            Some(method) if method == "gzip" => Some(Compression::Gzip),
            Some(method) if method == "bzip2" => Some(Compression::Bzip2),
            _ => None,
        };
        ExpectedFile {
            href: file.href.value.clone(),
            size: file.size,
            chunk_size: file.chunk_size,
            compression,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_names_follow_the_nine_digit_scheme() {
        let file = FileRef {
            id: Located::new("f".into(), Span::default()),
            href: Located::new("disk.vmdk".into(), Span::default()),
            size: Some(25),
            compression: None,
            chunk_size: Some(10),
            span: Span::default(),
        };
        assert_eq!(
            file.chunk_names().collect::<Vec<_>>(),
            vec![
                "disk.vmdk.000000000",
                "disk.vmdk.000000001",
                "disk.vmdk.000000002"
            ]
        );
    }
}
