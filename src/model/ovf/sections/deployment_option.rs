//! DeploymentOptionSection: the sizing configurations an operator chooses from.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// One `Configuration`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Configuration {
    /// `ovf:id`, what `ovf:configuration` lists name.
    pub id: Located<String>,
    /// `Label`.
    pub label: Option<LocalizedText>,
    /// `Description`.
    pub description: Option<LocalizedText>,
    /// `ovf:default="true"`.
    pub default: bool,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// The DeploymentOptionSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeploymentOptionSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// The configurations in order.
    pub configurations: Vec<Configuration>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

impl DeploymentOptionSection {
    /// The default configuration: the one marked `ovf:default`, else the first (DSP0243).
    pub fn default_configuration(&self) -> Option<&Configuration> {
        self.configurations
            .iter()
            .find(|c| c.default)
            .or(self.configurations.first())
    }
}

/// Reads a DeploymentOptionSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> DeploymentOptionSection {
    let path = "DeploymentOptionSection/Configuration";
    let mut configurations = Vec::new();
    for child in reading.children(element) {
        if !child.is_ovf("Configuration") {
            continue;
        }
        let Some(id) = reading.required_attr(child, "id", path) else {
            continue;
        };
        configurations.push(Configuration {
            id,
            label: reading.text_child(child, "Label"),
            description: reading.text_child(child, "Description"),
            default: reading.bool_attr(child, "default", path).unwrap_or(false),
            span: child.span,
        });
    }
    DeploymentOptionSection {
        info: reading.text_child(element, "Info"),
        configurations,
        span: element.span,
    }
}
