//! The OVF environment document (`ovf-env.xml`, DSP0243 clause 11) a guest reads its
//! properties from, written as a `str_replace` so parameter values are filled in by Heat.
//!
//! Placeholders are `@@<parameter>@@`; every `@` of the literal text is written as the
//! character reference `&#64;`, so no literal text can be mistaken for a placeholder.
//! String values are XML-escaped by an inner `str_replace` (Heat replaces each key once
//! and never rescans what it inserted, so `&` → `&amp;` cannot be escaped twice).

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, string};

use super::draft::call;

/// The environment namespace of DSP0243 (`oe:`).
const NAMESPACE: &str = "http://schemas.dmtf.org/ovf/environment/1";

/// A property's value in the document.
#[derive(Clone, Debug)]
pub enum EnvValue {
    /// A value fixed by the package.
    Literal(String),
    /// A parameter's value; `text` says whether it can hold characters XML must escape.
    Parameter {
        /// The parameter's name in the template that holds the document.
        name: String,
        /// The expression that reads it there.
        value: Node,
        /// True for string parameters.
        text: bool,
    },
}

/// Escapes text for an XML attribute value, `@` included (see the module comment).
pub fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '@' => out.push_str("&#64;"),
            // Attribute-value normalisation would turn these into spaces.
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
    out
}

/// The document for system `id` with `properties` (key, value) in order, as a string
/// node or a `str_replace` call when parameters fill it in.
pub fn document(id: &str, locale: Option<&str>, properties: &[(String, EnvValue)]) -> Node {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<Environment xmlns=\"{NAMESPACE}\" xmlns:oe=\"{NAMESPACE}\" oe:id=\"{}\">\n",
        escape_attribute(id)
    ));
    xml.push_str("  <PlatformSection>\n    <Kind>OpenStack Nova</Kind>\n");
    if let Some(locale) = locale {
        xml.push_str(&format!(
            "    <Locale>{}</Locale>\n",
            escape_attribute(locale)
        ));
    }
    xml.push_str("  </PlatformSection>\n  <PropertySection>\n");
    let mut params: Vec<(String, Node)> = Vec::new();
    for (key, value) in properties {
        let shown = match value {
            EnvValue::Literal(text) => escape_attribute(text),
            EnvValue::Parameter { name, value, text } => {
                let placeholder = format!("@@{name}@@");
                if !params.iter().any(|(p, _)| *p == placeholder) {
                    let value = if *text {
                        escaped(value.clone())
                    } else {
                        value.clone()
                    };
                    params.push((placeholder.clone(), value));
                }
                placeholder
            }
        };
        xml.push_str(&format!(
            "    <Property oe:key=\"{}\" oe:value=\"{shown}\"/>\n",
            escape_attribute(key)
        ));
    }
    xml.push_str("  </PropertySection>\n</Environment>\n");
    if params.is_empty() {
        return string(xml);
    }
    call(
        "str_replace",
        map([("template", string(xml)), ("params", map(params))]),
    )
}

/// `value` with `&`, `<` and `"` replaced by their XML entities (`>` is legal in an
/// attribute value).
fn escaped(value: Node) -> Node {
    call(
        "str_replace",
        map([
            ("template", value),
            (
                "params",
                map([
                    ("&", string("&amp;")),
                    ("<", string("&lt;")),
                    ("\"", string("&quot;")),
                ]),
            ),
        ]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::convert::draft::get_param;

    #[test]
    fn literal_text_is_escaped_and_cannot_look_like_a_placeholder() {
        assert_eq!(
            escape_attribute("a&b<\"@@x@@\"\n"),
            "a&amp;b&lt;&quot;&#64;&#64;x&#64;&#64;&quot;&#10;"
        );
        let doc = document(
            "vm",
            Some("en-US"),
            &[("k".into(), EnvValue::Literal("v@1".into()))],
        );
        let text = doc.as_str().unwrap();
        assert!(text.contains("<Property oe:key=\"k\" oe:value=\"v&#64;1\"/>"));
        assert!(text.contains("<Locale>en-US</Locale>"));
    }

    #[test]
    fn parameters_become_placeholders_filled_by_str_replace() {
        let doc = document(
            "vm",
            None,
            &[
                (
                    "a.name".into(),
                    EnvValue::Parameter {
                        name: "a_name".into(),
                        value: get_param("a_name"),
                        text: true,
                    },
                ),
                (
                    "a.count".into(),
                    EnvValue::Parameter {
                        name: "a_count".into(),
                        value: get_param("a_count"),
                        text: false,
                    },
                ),
            ],
        );
        let args = doc.get("str_replace").unwrap();
        let template = args.get("template").unwrap().as_str().unwrap();
        assert!(template.contains("oe:value=\"@@a_name@@\""));
        let params = args.get("params").unwrap();
        assert!(
            params
                .get("@@a_name@@")
                .unwrap()
                .get("str_replace")
                .is_some()
        );
        assert_eq!(params.get("@@a_count@@").unwrap(), &get_param("a_count"));
    }
}
