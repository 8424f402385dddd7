//! PlacementGroupSection (a policy: affinity or availability) and PlacementSection (a
//! member's reference to a group).

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// A PlacementGroupSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlacementGroupSection {
    /// `ovf:id`, what PlacementSections name.
    pub id: Located<String>,
    /// `ovf:policy`: `affinity` or `availability` (anti-affinity).
    pub policy: Option<String>,
    /// `Description`.
    pub description: Option<LocalizedText>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// A PlacementSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlacementSection {
    /// `ovf:group`: a PlacementGroupSection's id.
    pub group: Located<String>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a PlacementGroupSection.
pub fn read_group(
    reading: &mut Reading<'_>,
    element: &XmlElement,
) -> Option<PlacementGroupSection> {
    let id = reading.required_attr(element, "id", "PlacementGroupSection")?;
    Some(PlacementGroupSection {
        id,
        policy: element.ovf_value("policy").map(str::to_owned),
        description: reading.text_child(element, "Description"),
        span: element.span,
    })
}

/// Reads a PlacementSection.
pub fn read_member(reading: &mut Reading<'_>, element: &XmlElement) -> Option<PlacementSection> {
    let group = reading.required_attr(element, "group", "PlacementSection")?;
    Some(PlacementSection {
        group,
        span: element.span,
    })
}
