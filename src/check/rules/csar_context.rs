//! What a CSAR rule sees: the package as Tacker reads it, and where archive-level findings
//! point.

use crate::foundation::diagnostics::Span;
use crate::model::csar::signature::Signer;
use crate::model::csar::vnfd::Vnfd;
use crate::model::csar::{Csar, SignatureCheck, Signed};

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

/// Where a signature is written: a manifest's closing CMS block (its BEGIN line, and the
/// text after its END line when there is some), or the `.cms` file beside a signed CSAR.
pub struct SignaturePlace<'a> {
    /// The file.
    pub file: &'a str,
    /// Where the signature starts.
    pub begin: Span,
    /// Text that follows the signature's END line, where a manifest has some.
    pub trailing: Option<Span>,
}

impl<'a> CsarContext<'a> {
    /// Every signature that verified, with its signer and where it is written.
    pub fn verified_signatures(&self) -> impl Iterator<Item = (&'a Signer, SignaturePlace<'a>)> {
        self.csar.signatures.iter().filter_map(|check| {
            let signer = check.outcome.as_ref().ok()?;
            Some((signer, self.signature_place(check)?))
        })
    }

    /// Where the signature `check` judged is written.
    pub fn signature_place(&self, check: &SignatureCheck) -> Option<SignaturePlace<'a>> {
        match check.place {
            Signed::Manifest(index) => {
                let manifest = self.csar.manifests.get(index)?;
                let block = manifest.blocks.signature.as_ref()?;
                Some(SignaturePlace {
                    file: &manifest.path,
                    begin: block.begin,
                    trailing: block.trailing_text,
                })
            }
            Signed::Archive => {
                let (file, _) = self.csar.signed.as_ref()?.signature.as_ref()?;
                Some(SignaturePlace {
                    file,
                    begin: FILE_START,
                    trailing: None,
                })
            }
        }
    }
}

/// The start of a file.
pub const FILE_START: Span = Span {
    line: 1,
    column: 1,
    start: 0,
    end: 0,
};
