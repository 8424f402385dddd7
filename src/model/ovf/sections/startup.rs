//! StartupSection: the order and delays in which a collection's members start and stop.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::reading::Reading;
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// One startup `Item`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StartupItem {
    /// `ovf:id`: a direct child of the collection.
    pub id: Located<String>,
    /// `ovf:order`: start order group (0 = any time).
    pub order: Option<u64>,
    /// `ovf:startDelay` in seconds.
    pub start_delay: Option<u64>,
    /// `ovf:waitingForGuest`.
    pub waiting_for_guest: Option<bool>,
    /// `ovf:startAction` (`powerOn`, `none`).
    pub start_action: Option<String>,
    /// `ovf:stopDelay` in seconds.
    pub stop_delay: Option<u64>,
    /// `ovf:stopAction` (`powerOff`, `guestShutdown`, `none`).
    pub stop_action: Option<String>,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

/// A StartupSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StartupSection {
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// Items in document order.
    pub items: Vec<StartupItem>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a StartupSection.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement) -> StartupSection {
    let path = "StartupSection/Item";
    let mut items = Vec::new();
    for child in reading.children(element) {
        if !child.is_ovf("Item") {
            continue;
        }
        let Some(id) = reading.required_attr(child, "id", path) else {
            continue;
        };
        items.push(StartupItem {
            id,
            order: reading.u64_attr(child, "order", path),
            start_delay: reading.u64_attr(child, "startDelay", path),
            waiting_for_guest: reading.bool_attr(child, "waitingForGuest", path),
            start_action: child.ovf_value("startAction").map(str::to_owned),
            stop_delay: reading.u64_attr(child, "stopDelay", path),
            stop_action: child.ovf_value("stopAction").map(str::to_owned),
            span: child.span,
        });
    }
    StartupSection {
        info: reading.text_child(element, "Info"),
        items,
        span: element.span,
    }
}
