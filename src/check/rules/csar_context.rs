//! What a CSAR rule sees: the package as Tacker reads it, and where archive-level findings
//! point.

use crate::foundation::diagnostics::Span;
use crate::model::csar::Csar;
use crate::model::csar::vnfd::Vnfd;

/// A CSAR prepared for the rules.
pub struct CsarContext<'a> {
    /// The package.
    pub csar: &'a Csar,
}

impl<'a> CsarContext<'a> {
    /// Wraps a package for the rules.
    pub fn new(csar: &'a Csar) -> CsarContext<'a> {
        CsarContext { csar }
    }

    /// The VNFD, when the main template was found.
    pub fn vnfd(&self) -> Option<&'a Vnfd> {
        self.csar.vnfd.as_ref()
    }

    /// The file findings about the package as a whole point at: the archive itself, else
    /// the metadata file or the main template.
    pub fn package_file(&self) -> &'a str {
        self.csar
            .archive_name
            .as_deref()
            .or(self
                .csar
                .meta
                .as_ref()
                .map(|_| crate::model::csar::meta::META_PATH))
            .or(self.csar.main_template.as_deref())
            .unwrap_or("")
    }
}

/// The start of a file.
pub const FILE_START: Span = Span {
    line: 1,
    column: 1,
    start: 0,
    end: 0,
};
