//! Sections vnfwiz does not understand: kept, and an error when they are required.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::xml::XmlElement;

/// A section that is not part of the model (or sits where it does not belong).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnknownSection {
    /// Its namespace URI.
    pub namespace: String,
    /// Its local name (for OVF 0.9, the `xsi:type` name).
    pub name: String,
    /// The name as written.
    pub qname: String,
    /// Whether deployment must fail when the section is not understood (DSP0243: true
    /// unless `ovf:required="false"`).
    pub required: bool,
    /// `ovf:required` as written.
    pub required_explicit: Option<bool>,
    /// For a known section in the wrong place: where it belongs.
    pub misplaced: Option<&'static str>,
    /// `Info` text.
    pub info: Option<String>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Keeps an element as an unknown (or misplaced) section.
pub fn read(
    reading: &mut Reading<'_>,
    element: &XmlElement,
    name: &str,
    misplaced: Option<&'static str>,
    path: &str,
) -> UnknownSection {
    let (required, required_explicit) = reading.required(element, path);
    UnknownSection {
        namespace: reading.tree.uri(&element.name).to_owned(),
        name: name.to_owned(),
        qname: element.qname.clone(),
        required,
        required_explicit,
        misplaced,
        info: reading
            .children(element)
            .find(|c| c.name.local == "Info")
            .map(|c| c.text.trim().to_owned()),
        span: element.span,
    }
}
