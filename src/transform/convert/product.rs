//! ProductSection: user-configurable properties → base parameters typed from `ovf:type`
//! with constraints from the qualifiers (passwords `hidden`), valued in the environment
//! file; every property → the server's `metadata` (secrets excepted) and the OVF
//! environment document.

use std::collections::HashMap;

use crate::input::yaml::write::{map, node, seq, string};
use crate::input::yaml::{Node, Value};
use crate::model::hot::parameters::ParameterType;
use crate::model::ovf::property::{Property, PropertyType, Qualifier, ValueMapEntry};

use super::draft::{BASE, DraftId, Parameter, Ref, int};
use super::ovf_environment::{EnvValue, document};
use super::{Converter, NoteLevel, Owner};

const SECTION: &str = "ProductSection";

/// Nova's limits: 255 characters per metadata value, 128 items per server (default quota),
/// of which ONAP's identity entries take three.
const METADATA_VALUE_MAX: usize = 255;
const METADATA_ITEMS_MAX: usize = 128 - ONAP_METADATA.len();

/// The metadata keys ONAP fills (`identity`); a property with one of these keys stays out
/// of the metadata.
const ONAP_METADATA: [&str; 3] = [
    super::identity::VNF_ID,
    super::identity::VF_MODULE_ID,
    super::identity::VNF_NAME,
];

/// The key that carries the chosen deployment option in the OVF environment.
pub const DEPLOYMENT_OPTION_KEY: &str = "ovf.deploymentOption";

/// Parameters of user-configurable properties by full key: name, and whether a value can
/// hold characters XML must escape.
#[derive(Debug, Default)]
pub struct PropertyParameters {
    by_key: HashMap<String, (String, bool)>,
}

/// True when text needs escaping in an XML attribute value.
pub fn needs_escape(text: &str) -> bool {
    text.contains(['&', '<', '"'])
}

/// Whether a property's values may need XML escaping: text that neither a value map of
/// plain values nor an IP address qualifier pins down.
fn free_text(property: &Property) -> bool {
    if hot_type(property.property_type) != ParameterType::String {
        return false;
    }
    !property.qualifiers.iter().any(|q| match q {
        Qualifier::Ip(_) => true,
        Qualifier::ValueMap(entries) => entries.iter().all(|e| match e {
            ValueMapEntry::Value { value } => !needs_escape(value),
            ValueMapEntry::Range { .. } => true,
        }),
        _ => false,
    })
}

/// The HOT type of an OVF property type.
pub fn hot_type(property_type: Option<PropertyType>) -> ParameterType {
    match property_type {
        Some(PropertyType::Boolean) => ParameterType::Boolean,
        Some(t) if t.is_numeric() => ParameterType::Number,
        _ => ParameterType::String,
    }
}

/// A property value as the environment file writes it for its HOT type.
pub fn typed_value(property_type: Option<PropertyType>, text: &str) -> Node {
    match hot_type(property_type) {
        ParameterType::Boolean => match crate::model::ovf::property::parse_bool(text) {
            Some(b) => node(Value::Bool(b)),
            None => string(text),
        },
        ParameterType::Number => number(text).unwrap_or_else(|| string(text)),
        _ => string(text),
    }
}

/// A number node: an integer when it fits 64 bits, else a float; text beyond both is
/// `None` (the caller keeps it as text, which Heat converts itself).
fn number(text: &str) -> Option<Node> {
    let text = text.trim();
    if let Ok(i) = text.parse::<i64>() {
        return Some(int(i));
    }
    if text.parse::<i128>().is_ok() {
        return None;
    }
    text.parse::<f64>()
        .ok()
        .filter(|f| f.is_finite())
        .map(|f| node(Value::Float(f)))
}

/// What a property's parameter says about itself.
fn description(c: &Converter<'_>, property: &Property, owner: &str) -> String {
    let text = c
        .text(&property.description)
        .or_else(|| c.text(&property.label))
        .unwrap_or_else(|| format!("Value of {}", property.key.value));
    format!("{text} (OVF property {} of {owner})", property.full_key)
}

/// The parameter of a user-configurable property (`None` for a fixed one), declared and
/// valued the first time a server reads it, so no declared parameter goes unread: its
/// name, and whether its values may need XML escaping.
fn parameter(c: &mut Converter<'_>, owner: usize, property: &Property) -> Option<(String, bool)> {
    if !property.user_configurable {
        return None;
    }
    if let Some(known) = c.properties.by_key.get(&property.full_key) {
        // A repeated key is one value for the guest; the first declaration holds.
        return Some(known.clone());
    }
    let envelope = c.envelope;
    let kind = hot_type(property.property_type);
    let owner = envelope.contents[owner].label();
    let mut declaration = Parameter::new(kind, description(c, property, &owner));
    declaration.label = c.text(&property.label);
    declaration.hidden = property.password;
    declaration.constraints = constraints(c, property, &owner);
    let name = c
        .out
        .parameter(BASE, &property.full_key, "property", declaration);
    if c.choices.open.contains(&property.full_key) {
        c.note(
            NoteLevel::Warning,
            SECTION,
            format!("Property[{}] of {owner}", property.full_key),
            format!("has no value and is left for instantiation: parameter `{name}` has none in the environment file, so ONAP (or `openstack stack create`) supplies it"),
        );
    } else {
        let value = c.choices.value(&property.full_key);
        c.out
            .set_value(&name, typed_value(property.property_type, &value));
    }
    let group = c
        .text(&property.category)
        .unwrap_or_else(|| "Properties".to_owned());
    c.out.group(&group, &name);
    c.owners
        .insert(name.clone(), Owner::Property(property.full_key.clone()));
    let known = (name, free_text(property));
    c.properties
        .by_key
        .insert(property.full_key.clone(), known.clone());
    Some(known)
}

/// HOT constraints for a property's qualifiers and type width.
fn constraints(c: &mut Converter<'_>, property: &Property, owner: &str) -> Vec<Node> {
    let property_type = property.property_type.unwrap_or(PropertyType::String);
    let mut out = Vec::new();
    let described = |constraint: (&str, Node), qualifiers: Vec<String>| -> Node {
        let mut entries = vec![constraint];
        if !qualifiers.is_empty() {
            entries.push((
                "description",
                string(format!("OVF qualifier {}", qualifiers.join(", "))),
            ));
        }
        map(entries)
    };
    let (mut min_len, mut max_len) = (None, None);
    let (mut min_value, mut max_value) = (None::<Node>, None::<Node>);
    let mut bound_texts = Vec::new();
    let mut length_texts = Vec::new();
    for qualifier in &property.qualifiers {
        match qualifier {
            Qualifier::MinLen(n) => {
                min_len = Some(*n);
                length_texts.push(qualifier.to_string());
            }
            Qualifier::MaxLen(n) => {
                max_len = Some(*n);
                length_texts.push(qualifier.to_string());
            }
            Qualifier::MinValue(v) => {
                min_value = number(v);
                bound_texts.push(qualifier.to_string());
            }
            Qualifier::MaxValue(v) => {
                max_value = number(v);
                bound_texts.push(qualifier.to_string());
            }
            Qualifier::ValueMap(entries) => {
                out.push(value_map(property_type, entries, qualifier.to_string()));
            }
            Qualifier::Ip(_) => out.push(described(
                ("custom_constraint", string("ip_addr")),
                vec![qualifier.to_string()],
            )),
            Qualifier::Platform { name, .. } => c.note(
                NoteLevel::Warning,
                SECTION,
                format!("Property[{}] of {owner}", property.full_key),
                format!(
                    "VMware fills `{name}` in at deployment; OpenStack does not, so the value comes from the answers"
                ),
            ),
        }
    }
    if min_len.is_some() || max_len.is_some() {
        let mut bounds = Vec::new();
        if let Some(min) = min_len {
            bounds.push(("min", int(i64::try_from(min).unwrap_or(i64::MAX))));
        }
        if let Some(max) = max_len {
            bounds.push(("max", int(i64::try_from(max).unwrap_or(i64::MAX))));
        }
        out.insert(0, described(("length", map(bounds)), length_texts));
    }
    if let Some((type_min, type_max)) = property_type.integer_range() {
        // The type's width bounds the range where the qualifiers do not.
        let fits = |n: i128| i64::try_from(n).ok().map(int);
        min_value = min_value.or_else(|| fits(type_min));
        max_value = max_value.or_else(|| fits(type_max));
        bound_texts.push(property_type.name().to_owned());
    }
    if min_value.is_some() || max_value.is_some() {
        let mut bounds = Vec::new();
        if let Some(min) = min_value {
            bounds.push(("min", min));
        }
        if let Some(max) = max_value {
            bounds.push(("max", max));
        }
        let constraint = map([
            ("range", map(bounds)),
            (
                "description",
                string(format!("OVF {}", bound_texts.join(", "))),
            ),
        ]);
        out.insert(0, constraint);
    }
    out
}

/// `ValueMap{…}` → `allowed_values`, or for numeric ranges the range that holds them all
/// (vnfwiz checks the exact map when the value is answered).
fn value_map(property_type: PropertyType, entries: &[ValueMapEntry], text: String) -> Node {
    let values: Vec<&str> = entries
        .iter()
        .filter_map(|e| match e {
            ValueMapEntry::Value { value } => Some(value.as_str()),
            ValueMapEntry::Range { .. } => None,
        })
        .collect();
    let description = ("description", string(format!("OVF qualifier {text}")));
    if values.len() == entries.len() {
        let items = values.iter().map(|v| match property_type {
            t if t.is_numeric() => number(v).unwrap_or_else(|| string(*v)),
            _ => string(*v),
        });
        return map([("allowed_values", seq(items)), description]);
    }
    let mut low: Option<f64> = None;
    let mut high: Option<f64> = None;
    let mut open_low = false;
    let mut open_high = false;
    for entry in entries {
        let (from, to) = match entry {
            ValueMapEntry::Value { value } => (Some(value.as_str()), Some(value.as_str())),
            ValueMapEntry::Range { from, to } => (from.as_deref(), to.as_deref()),
        };
        match from.and_then(|f| f.trim().parse::<f64>().ok()) {
            Some(f) => low = Some(low.map_or(f, |l| l.min(f))),
            None => open_low = true,
        }
        match to.and_then(|t| t.trim().parse::<f64>().ok()) {
            Some(t) => high = Some(high.map_or(t, |h| h.max(t))),
            None => open_high = true,
        }
    }
    let as_node = |f: f64| {
        if f.fract() == 0.0 && f.abs() < 9.0e18 {
            int(f as i64)
        } else {
            node(Value::Float(f))
        }
    };
    let mut bounds = Vec::new();
    if let (Some(l), false) = (low, open_low) {
        bounds.push(("min", as_node(l)));
    }
    if let (Some(h), false) = (high, open_high) {
        bounds.push(("max", as_node(h)));
    }
    map([("range", map(bounds)), description])
}

/// What a server gets from the properties it sees.
#[derive(Debug, Default)]
pub struct ServerProduct {
    /// `metadata` entries.
    pub metadata: Vec<(String, Node)>,
    /// The OVF environment document, when the system has one.
    pub document: Option<Node>,
}

/// Nova metadata keys allow letters, digits, `-`, `_`, `:`, `.` and spaces.
fn metadata_key(key: &str) -> String {
    key.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_:. ".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(255)
        .collect()
}

/// Metadata and OVF environment of a system: its own properties after those of the
/// collections around it (DSP0243: a system sees its ancestors' properties).
pub fn server(c: &mut Converter<'_>, system: usize, draft: DraftId) -> ServerProduct {
    let envelope = c.envelope;
    let mut chain = Vec::new();
    let mut at = Some(system);
    while let Some(index) = at {
        chain.push(index);
        at = envelope.contents[index].parent;
    }
    chain.reverse();
    let visible: Vec<(usize, &Property)> = chain
        .iter()
        .flat_map(|&index| {
            envelope.contents[index]
                .products
                .iter()
                .flat_map(move |section| section.properties.iter().map(move |p| (index, p)))
        })
        .collect();
    let subject = envelope.contents[system].label();
    let document_wanted = c.choices.transport != super::EnvTransport::None
        && (!visible.is_empty()
            || envelope.contents[system]
                .hardware
                .iter()
                .any(|h| !h.transport.is_empty()));
    let mut product = ServerProduct::default();
    let mut entries: Vec<(String, EnvValue)> = Vec::new();
    let mut left_out = 0usize;
    for (owner, property) in visible {
        let value = c.choices.value(&property.full_key);
        let too_long = value.chars().count() > METADATA_VALUE_MAX;
        if too_long && !property.password {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject.clone(),
                format!("the value of `{}` is longer than Nova's 255-character metadata limit; it is left out of the metadata", property.full_key),
            );
        }
        let reserved = ONAP_METADATA.contains(&metadata_key(&property.full_key).as_str());
        if reserved {
            c.note(
                NoteLevel::Warning,
                SECTION,
                subject.clone(),
                format!("property `{}` has the key of ONAP's own server metadata, which ONAP fills; it is left out of the metadata", property.full_key),
            );
        }
        let mut in_metadata = !property.password && !too_long && !reserved;
        if in_metadata && product.metadata.len() == METADATA_ITEMS_MAX {
            in_metadata = false;
            left_out += 1;
        }
        if !in_metadata && !document_wanted {
            continue;
        }
        let env_value = match parameter(c, owner, property) {
            Some((name, text)) => EnvValue::Parameter {
                value: c.out.reference(draft, &Ref::Param(name.clone())),
                name,
                text,
            },
            None => EnvValue::Literal(value),
        };
        if in_metadata {
            let shown = match &env_value {
                EnvValue::Parameter { value, .. } => value.clone(),
                EnvValue::Literal(text) => string(text.clone()),
            };
            product
                .metadata
                .push((metadata_key(&property.full_key), shown));
        }
        if document_wanted {
            entries.push((property.full_key.clone(), env_value));
        }
    }
    if left_out > 0 {
        c.note(
            NoteLevel::Warning,
            SECTION,
            subject,
            format!("{left_out} properties beyond Nova's default quota of 128 metadata items (3 of them ONAP's) are left out of the metadata"),
        );
    }
    if document_wanted {
        if let Some(option) = &c.choices.option {
            entries.push((
                DEPLOYMENT_OPTION_KEY.to_owned(),
                EnvValue::Literal(option.clone()),
            ));
        }
        product.document = Some(document(
            &envelope.contents[system].id.value,
            envelope.strings.default_lang.as_deref(),
            &entries,
        ));
    }
    product
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_typed_for_their_parameter() {
        assert_eq!(
            typed_value(Some(PropertyType::Boolean), "True"),
            node(Value::Bool(true))
        );
        assert_eq!(typed_value(Some(PropertyType::Uint16), "8080"), int(8080));
        assert_eq!(
            typed_value(Some(PropertyType::Uint64), "18446744073709551615"),
            string("18446744073709551615")
        );
        assert_eq!(
            typed_value(Some(PropertyType::Real64), "0.5"),
            node(Value::Float(0.5))
        );
        assert_eq!(typed_value(None, "x"), string("x"));
    }

    #[test]
    fn metadata_keys_keep_novas_characters() {
        assert_eq!(metadata_key("vami.DNS.vm"), "vami.DNS.vm");
        assert_eq!(metadata_key("a/b$c"), "a_b_c");
    }

    #[test]
    fn value_maps_become_allowed_values_or_an_enclosing_range() {
        let (q, _) = crate::model::ovf::property::parse_qualifiers("ValueMap{\"small\",\"large\"}");
        let Qualifier::ValueMap(entries) = &q[0] else {
            panic!()
        };
        let node = value_map(PropertyType::String, entries, q[0].to_string());
        assert_eq!(
            node.get("allowed_values").unwrap().as_seq().unwrap().len(),
            2
        );
        let (q, _) = crate::model::ovf::property::parse_qualifiers("ValueMap{1,5..9}");
        let Qualifier::ValueMap(entries) = &q[0] else {
            panic!()
        };
        let node = value_map(PropertyType::Uint8, entries, q[0].to_string());
        let range = node.get("range").unwrap();
        assert_eq!(range.get("min"), Some(&int(1)));
        assert_eq!(range.get("max"), Some(&int(9)));
    }
}
