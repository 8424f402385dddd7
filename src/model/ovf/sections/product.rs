//! ProductSection: product identity, icons, categories and the configurable properties.

use serde::Serialize;

use crate::foundation::diagnostics::Span;
use crate::model::ovf::located::Located;
use crate::model::ovf::property::{self, Property};
use crate::model::ovf::reading::{Reading, localized};
use crate::model::ovf::strings::LocalizedText;
use crate::model::ovf::xml::XmlElement;

/// One `Icon`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Icon {
    /// `ovf:fileRef`.
    pub file_ref: Option<Located<String>>,
    /// `ovf:height`.
    pub height: Option<u64>,
    /// `ovf:width`.
    pub width: Option<u64>,
    /// `ovf:mimeType`.
    pub mime_type: Option<String>,
}

/// A ProductSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProductSection {
    /// `ovf:class`: prefix of the property keys.
    pub class: Option<String>,
    /// `ovf:instance`: suffix of the property keys.
    pub instance: Option<String>,
    /// `Info`.
    pub info: Option<LocalizedText>,
    /// `Product`.
    pub product: Option<LocalizedText>,
    /// `Vendor`.
    pub vendor: Option<LocalizedText>,
    /// `Version` (short form).
    pub version: Option<LocalizedText>,
    /// `FullVersion`.
    pub full_version: Option<LocalizedText>,
    /// `ProductUrl`.
    pub product_url: Option<LocalizedText>,
    /// `VendorUrl`.
    pub vendor_url: Option<LocalizedText>,
    /// `AppUrl`.
    pub app_url: Option<LocalizedText>,
    /// `Icon`s.
    pub icons: Vec<Icon>,
    /// `Category` headings in order.
    pub categories: Vec<LocalizedText>,
    /// The properties in order.
    pub properties: Vec<Property>,
    /// Where the section is.
    #[serde(skip)]
    pub span: Span,
}

/// Reads a ProductSection; `owner` names the content for notice paths.
pub fn read(reading: &mut Reading<'_>, element: &XmlElement, owner: &str) -> ProductSection {
    let class = element.ovf_value("class").map(str::to_owned);
    let instance = element.ovf_value("instance").map(str::to_owned);
    let path = format!("{owner}/ProductSection/Property");
    let mut categories = Vec::new();
    let mut properties = Vec::new();
    let mut icons = Vec::new();
    let mut category: Option<LocalizedText> = None;
    for child in reading.children(element) {
        if child.is_ovf("Category") {
            let heading = localized(child);
            categories.push(heading.clone());
            category = Some(heading);
        } else if child.is_ovf("Property") {
            if let Some(p) = property::read(
                reading,
                child,
                class.as_deref(),
                instance.as_deref(),
                category.clone(),
                &path,
            ) {
                properties.push(p);
            }
        } else if child.is_ovf("Icon") {
            icons.push(Icon {
                file_ref: reading.attr(child, "fileRef"),
                height: reading.u64_attr(child, "height", &path),
                width: reading.u64_attr(child, "width", &path),
                mime_type: child.ovf_value("mimeType").map(str::to_owned),
            });
        }
    }
    ProductSection {
        info: reading.text_child(element, "Info"),
        product: reading.text_child(element, "Product"),
        vendor: reading.text_child(element, "Vendor"),
        version: reading.text_child(element, "Version"),
        full_version: reading.text_child(element, "FullVersion"),
        product_url: reading.text_child(element, "ProductUrl"),
        vendor_url: reading.text_child(element, "VendorUrl"),
        app_url: reading.text_child(element, "AppUrl"),
        class,
        instance,
        icons,
        categories,
        properties,
        span: element.span,
    }
}
