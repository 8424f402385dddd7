//! OperatingSystemSection: the guest operating system (a CIM OS id and a description).

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::notice::NoticeKind;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

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
        id: os_id(reading, element),
        version: element.ovf_value("version").map(str::to_owned),
        info: reading.text_child(element, "Info"),
        description: reading.text_child(element, "Description"),
        extensions: reading.extension_attrs(element),
        span: element.span,
    }
}

/// The highest `CIM_OperatingSystem.OsType` value (Windows 10 64-bit, CIM schema 2.52).
const CIM_OS_TYPE_MAX: u64 = 120;

/// `ovf:id` as a CIM OS type; text or a number beyond CIM's list is a notice, and the
/// section's description and `vmw:osType` still describe the guest.
fn os_id(reading: &mut Reading<'_>, element: &XmlElement) -> Option<u64> {
    let attr = element.ovf_attr("id")?;
    let id = attr.value.trim().parse::<u64>().ok();
    if id.is_none_or(|n| n > CIM_OS_TYPE_MAX) {
        reading.notice(
            NoticeKind::OsId,
            attr.span,
            "OperatingSystemSection",
            format!(
                "ovf:id `{}` is not one of CIM's operating system types (0 to {CIM_OS_TYPE_MAX}); the description and vmw:osType still name the guest",
                attr.value
            ),
        );
    }
    id
}
