//! ProductSection properties: key, type, qualifiers, defaults per deployment option, and the
//! check of a candidate value that the wizard and `onboard` share.

mod qualifiers;
mod types;
mod value;

use serde::Serialize;

pub use qualifiers::{Qualifier, QualifierError, ValueMapEntry, parse_qualifiers};
pub use types::PropertyType;
pub use value::{ValueError, check_value, parse_bool, qualifier_conflicts, valid_values};

use super::located::Located;
use super::notice::NoticeKind;
use super::reading::Reading;
use super::strings::LocalizedText;
use super::xml::XmlElement;
use crate::foundation::diagnostics::Span;

/// A value that applies only to some deployment options (`<Value ovf:configuration=…>`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionValue {
    /// The value.
    pub value: Located<String>,
    /// The options it applies to.
    pub configurations: Vec<Located<String>>,
}

/// One `Property` of a ProductSection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Property {
    /// `ovf:key` as written.
    pub key: Located<String>,
    /// The key the guest sees: `[class.]key[.instance]`.
    pub full_key: String,
    /// `ovf:type` as written.
    pub type_name: Option<Located<String>>,
    /// The type, when `ovf:type` names one.
    pub property_type: Option<PropertyType>,
    /// `ovf:qualifiers` (or VMware's `vmw:qualifiers`) as written.
    pub qualifiers_text: Option<Located<String>>,
    /// The qualifiers that parsed.
    pub qualifiers: Vec<Qualifier>,
    /// The qualifiers that did not.
    pub qualifier_errors: Vec<QualifierError>,
    /// `ovf:value`: the default for every option without its own value.
    pub value: Option<Located<String>>,
    /// Per-option defaults.
    pub option_values: Vec<OptionValue>,
    /// `Label`.
    pub label: Option<LocalizedText>,
    /// `Description`.
    pub description: Option<LocalizedText>,
    /// The `Category` that precedes it in its ProductSection.
    pub category: Option<LocalizedText>,
    /// `ovf:password`: the value is secret.
    pub password: bool,
    /// `ovf:userConfigurable`: the operator may set it (false when absent).
    pub user_configurable: bool,
    /// Where the element is.
    #[serde(skip)]
    pub span: Span,
}

impl Property {
    /// The default for a deployment option (`None`: the value that applies to all).
    pub fn default_for(&self, option: Option<&str>) -> Option<&str> {
        option
            .and_then(|o| {
                self.option_values
                    .iter()
                    .find(|v| v.configurations.iter().any(|c| c.value == o))
            })
            .map(|v| v.value.value.as_str())
            .or(self.value.as_ref().map(|v| v.value.as_str()))
    }

    /// Checks a candidate value; an unknown type is checked as a string.
    pub fn check_value(&self, value: &str) -> Result<(), ValueError> {
        check_value(
            self.property_type.unwrap_or(PropertyType::String),
            &self.qualifiers,
            value,
        )
    }
}

/// The full key of a property in a ProductSection with this class and instance.
pub fn full_key(class: Option<&str>, key: &str, instance: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(class) = class.filter(|c| !c.is_empty()) {
        out.push_str(class);
        out.push('.');
    }
    out.push_str(key);
    if let Some(instance) = instance.filter(|i| !i.is_empty()) {
        out.push('.');
        out.push_str(instance);
    }
    out
}

/// Reads one `Property` element of a ProductSection.
pub fn read(
    reading: &mut Reading<'_>,
    element: &XmlElement,
    class: Option<&str>,
    instance: Option<&str>,
    category: Option<LocalizedText>,
    path: &str,
) -> Option<Property> {
    let key = reading.required_attr(element, "key", path)?;
    let type_name = reading.required_attr(element, "type", path);
    let property_type = type_name
        .as_ref()
        .and_then(|t| PropertyType::parse(&t.value));
    let qualifiers_text = element
        .ovf_attr("qualifiers")
        .or_else(|| element.attr(super::namespace::NsKind::Vmware, "qualifiers"))
        .map(|a| Located::new(a.value.clone(), a.span));
    let (qualifiers, qualifier_errors) = qualifiers_text
        .as_ref()
        .map(|q| parse_qualifiers(&q.value))
        .unwrap_or_default();
    let mut option_values = Vec::new();
    for child in reading.children(element) {
        if !child.is_ovf("Value") {
            continue;
        }
        let value = match reading.attr(child, "value") {
            Some(value) => value,
            None => {
                // VMware's tools take such a Value as the empty one for its options.
                let text = child.text.trim().to_owned();
                reading.notice(
                    NoticeKind::ValueWithoutValue,
                    child.span,
                    path,
                    format!(
                        "<{}> of property `{}` has no ovf:value; read as {}",
                        child.qname,
                        key.value,
                        if text.is_empty() {
                            "the empty value".to_owned()
                        } else {
                            format!("its text `{text}`")
                        }
                    ),
                );
                Located::new(text, child.span)
            }
        };
        let configurations = child
            .ovf_attr("configuration")
            .map(|a| split_list(&a.value, a.span))
            .unwrap_or_default();
        option_values.push(OptionValue {
            value,
            configurations,
        });
    }
    let mut value = reading.attr(element, "value");
    if property_type == Some(PropertyType::Boolean) {
        let what = format!("the value of boolean property `{}`", key.value);
        for located in value
            .iter_mut()
            .chain(option_values.iter_mut().map(|v| &mut v.value))
        {
            boolean_case(reading, located, &what, path);
        }
    }
    Some(Property {
        full_key: full_key(class, &key.value, instance),
        key,
        type_name,
        property_type,
        qualifiers_text,
        qualifiers,
        qualifier_errors,
        value,
        option_values,
        label: reading.text_child(element, "Label"),
        description: reading.text_child(element, "Description"),
        category,
        password: reading
            .bool_attr(element, "password", path)
            .unwrap_or(false),
        user_configurable: reading
            .bool_attr(element, "userConfigurable", path)
            .unwrap_or(false),
        span: element.span,
    })
}

/// A boolean property's value written `True` or `FALSE` (vCenter's appliances do) is read
/// as `true` or `false`, so every face shows the vendor's default, with a notice.
fn boolean_case(reading: &mut Reading<'_>, value: &mut Located<String>, what: &str, path: &str) {
    let text = value.value.trim();
    let lower = text.to_ascii_lowercase();
    if text != lower && (lower == "true" || lower == "false") {
        let read = lower == "true";
        reading.boolean_case(value.span, path, what, text, read);
        value.value = lower;
    }
}

/// A space-separated `ovf:configuration` list, each entry at the attribute's place.
pub fn split_list(text: &str, span: Span) -> Vec<Located<String>> {
    text.split_whitespace()
        .map(|s| Located::new(s.to_owned(), span))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_keys_join_class_key_and_instance() {
        assert_eq!(full_key(Some("com.x"), "ip", Some("1")), "com.x.ip.1");
        assert_eq!(full_key(None, "ip", None), "ip");
        assert_eq!(full_key(Some(""), "ip", Some("")), "ip");
    }
}
