//! EncryptionSection: XML Encryption of files or descriptor parts (vnfwiz cannot decrypt).

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// An EncryptionSection, kept so it can be reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EncryptionSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// Local names of its other children (`EncryptedKey`, `ReferenceList`, …).
    pub parts: Vec<String>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads an EncryptionSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> EncryptionSection {
    EncryptionSection {
        info: reading.text_child(element, "Info"),
        parts: reading
            .children(element)
            .filter(|c| !c.is_ovf("Info"))
            .map(|c| c.name.local.clone())
            .collect(),
        span: element.span,
    }
}
