//! InstallSection: the system boots once to install itself, then powers off.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// An InstallSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InstallSection {
    /// `ovf:initialBootStopDelay` in seconds (0: wait for the guest to power off).
    pub initial_boot_stop_delay: Option<u64>,
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads an InstallSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> InstallSection {
    InstallSection {
        initial_boot_stop_delay: reading.u64_attr(
            element,
            "initialBootStopDelay",
            "InstallSection",
        ),
        info: reading.text_child(element, "Info"),
        span: element.span,
    }
}
