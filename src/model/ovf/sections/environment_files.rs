//! EnvironmentFilesSection: extra files handed to the guest with the OVF environment.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// One environment `File`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EnvironmentFile {
    /// `ovf:fileRef`: a File of the References section.
    pub file_ref: Located<String>,
    /// `ovf:path` inside the transport media (`cloud-init-data` is user data).
    pub path: Option<String>,
}

/// An EnvironmentFilesSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EnvironmentFilesSection {
    /// `ovf:transport`.
    pub transport: Option<String>,
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// The files.
    pub files: Vec<EnvironmentFile>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads an EnvironmentFilesSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> EnvironmentFilesSection {
    let path = "EnvironmentFilesSection/File";
    let mut files = Vec::new();
    for child in reading.children(element) {
        if !child.is_ovf("File") {
            continue;
        }
        if let Some(file_ref) = reading.required_attr(child, "fileRef", path) {
            files.push(EnvironmentFile {
                file_ref,
                path: reading.required_attr(child, "path", path).map(|p| p.value),
            });
        }
    }
    EnvironmentFilesSection {
        transport: element.ovf_value("transport").map(str::to_owned),
        info: reading.text_child(element, "Info"),
        files,
        span: element.span,
    }
}
