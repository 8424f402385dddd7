//! OperatingSystemSection: the guest operating system (a CIM OS id and a description).

use serde::Serialize;

use crate::ovf::reading::Reading;
use crate::ovf::strings::LocalizedText;
use crate::ovf::xml::XmlElement;
use crate::yaml::Span;

/// An OperatingSystemSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OperatingSystemSection {
    /// `ovf:id`: the CIM_OperatingSystem OsType number.
    pub id: Option<u64>,
    /// `ovf:version`.
    pub version: Option<String>,
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// `Description`.
    pub description: Option<LocalizedText>,
    /// Vendor attributes (VMware's `vmw:osType`, …).
    pub extensions: Vec<(String, String)>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads an OperatingSystemSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> OperatingSystemSection {
    OperatingSystemSection {
        id: reading.u64_attr(element, "id", "OperatingSystemSection"),
        version: element.ovf_value("version").map(str::to_owned),
        info: reading.text_child(element, "Info"),
        description: reading.text_child(element, "Description"),
        extensions: reading.extension_attrs(element),
        span: element.span,
    }
}
