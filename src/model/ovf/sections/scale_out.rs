//! ScaleOutSection: how many copies of a prototype member a collection deploys.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// A ScaleOutSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScaleOutSection {
    /// `ovf:id`: the prototype, a direct child of the collection.
    pub id: Located<String>,
    /// `Description`.
    pub description: Option<LocalizedText>,
    /// `InstanceCount ovf:minimum` (1 when absent).
    pub minimum: Option<u64>,
    /// `InstanceCount ovf:maximum` (unbounded when absent).
    pub maximum: Option<u64>,
    /// `InstanceCount ovf:default`.
    pub default: Option<u64>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a ScaleOutSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> Option<ScaleOutSection> {
    let path = "ScaleOutSection";
    let id = reading.required_attr(element, "id", path)?;
    let count = reading.tree.ovf_child(element, "InstanceCount");
    let number =
        |reading: &mut Reading<'_>, local| count.and_then(|c| reading.u64_attr(c, local, path));
    Some(ScaleOutSection {
        id,
        description: reading.text_child(element, "Description"),
        minimum: number(reading, "minimum"),
        maximum: number(reading, "maximum"),
        default: number(reading, "default"),
        span: element.span,
    })
}
