//! EulaSection: a licence the operator must accept before deploying.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// An EulaSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EulaSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// `License`: the licence text.
    pub license: Option<LocalizedText>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads an EulaSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> EulaSection {
    EulaSection {
        info: reading.text_child(element, "Info"),
        license: reading.text_child(element, "License"),
        span: element.span,
    }
}
