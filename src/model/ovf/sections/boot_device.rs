//! BootDeviceSection: boot configurations, each an ordered list of boot sources.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::namespace::NsKind;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// One `CIM_BootSourceSetting`: a device to boot from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BootSource {
    /// `Caption`.
    pub caption: Option<String>,
    /// `InstanceID`: the hardware item it boots from.
    pub instance_id: Option<String>,
}

/// One `CIM_BootConfigSetting`: a boot order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BootConfig {
    /// `Caption`.
    pub caption: Option<String>,
    /// `Description`.
    pub description: Option<String>,
    /// The sources, in boot order.
    pub sources: Vec<BootSource>,
}

/// A BootDeviceSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BootDeviceSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// The boot configurations.
    pub configs: Vec<BootConfig>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a BootDeviceSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> BootDeviceSection {
    let mut configs = Vec::new();
    for config in reading.children(element) {
        if config.name.kind != NsKind::Boot || config.name.local != "CIM_BootConfigSetting" {
            continue;
        }
        let mut out = BootConfig::default();
        for field in reading.children(config) {
            let text = Some(field.text.trim().to_owned());
            match field.name.local.as_str() {
                "Caption" => out.caption = text,
                "Description" => out.description = text,
                "CIM_BootSourceSetting" => {
                    let mut source = BootSource::default();
                    for part in reading.children(field) {
                        let text = Some(part.text.trim().to_owned());
                        match part.name.local.as_str() {
                            "Caption" => source.caption = text,
                            "InstanceID" | "InstanceId" => source.instance_id = text,
                            _ => {}
                        }
                    }
                    out.sources.push(source);
                }
                _ => {}
            }
        }
        configs.push(out);
    }
    BootDeviceSection {
        info: reading.text_child(element, "Info"),
        configs,
        span: element.span,
    }
}
