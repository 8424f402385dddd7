//! AnnotationSection: a free-form remark on a virtual system or collection.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// An AnnotationSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnnotationSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// `Annotation`.
    pub annotation: Option<LocalizedText>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads an AnnotationSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> AnnotationSection {
    AnnotationSection {
        info: reading.text_child(element, "Info"),
        annotation: reading.text_child(element, "Annotation"),
        span: element.span,
    }
}
