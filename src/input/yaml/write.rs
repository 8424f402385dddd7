//! Writes a tree as YAML that Heat reads back to the same values.
//!
//! Output is deterministic: mappings keep their order, indentation is two spaces, intrinsic
//! function calls (`{get_param: x}`) and short scalar lists are written in flow style, and a
//! string is quoted whenever Heat's YAML 1.1 reading would turn it into something else
//! (`yes`, `12`, `1:30`, `~`, …). Multi-line strings use literal blocks.

use std::fmt::Write;

use super::node::{Key, Mapping, Node, Value};
use super::scalar::resolve_plain;
use crate::foundation::diagnostics::Span;

/// Builds a node with no source position (for generated templates).
pub fn node(value: Value) -> Node {
    Node {
        value,
        span: Span::default(),
    }
}

/// A string node.
pub fn string(text: impl Into<String>) -> Node {
    node(Value::Str(text.into()))
}

/// A mapping node from `(key, value)` pairs, in order.
pub fn map<K: Into<String>>(entries: impl IntoIterator<Item = (K, Node)>) -> Node {
    let mut mapping = Mapping::default();
    for (key, value) in entries {
        mapping.insert(
            Key {
                text: key.into(),
                span: Span::default(),
            },
            value,
        );
    }
    node(Value::Map(mapping))
}

/// A sequence node.
pub fn seq(items: impl IntoIterator<Item = Node>) -> Node {
    node(Value::Seq(items.into_iter().collect()))
}

/// Says whether a one-key mapping is a call written in flow style when it fits (HOT's
/// intrinsic functions: `hot::version::is_function_name`), so this writer knows no dialect.
pub type FlowKey = fn(&str) -> bool;

/// Writes a document (a trailing newline included).
pub fn to_string(root: &Node, flow_key: FlowKey) -> String {
    let mut out = String::new();
    match &root.value {
        Value::Map(m) if !m.is_empty() => write_block_map(&mut out, m, 0, flow_key),
        Value::Seq(s) if !s.is_empty() => write_block_seq(&mut out, s, 0, flow_key),
        _ => {
            out.push_str(&inline(root, flow_key).unwrap_or_else(|| flow(root)));
            out.push('\n');
        }
    }
    out
}

/// Widest flow-style line before falling back to block style.
const FLOW_WIDTH: usize = 72;

fn indent(out: &mut String, level: usize) {
    out.extend(std::iter::repeat_n(' ', level * 2));
}

fn write_block_map(out: &mut String, map: &Mapping, level: usize, flow_key: FlowKey) {
    for (key, value) in map.iter() {
        indent(out, level);
        out.push_str(&scalar_text(&key.text));
        out.push(':');
        write_value(out, value, level, flow_key);
    }
}

fn write_block_seq(out: &mut String, items: &[Node], level: usize, flow_key: FlowKey) {
    for item in items {
        indent(out, level);
        out.push('-');
        match &item.value {
            Value::Map(m) if !m.is_empty() && inline(item, flow_key).is_none() => {
                // First entry on the dash line, the rest aligned under it.
                let mut first = true;
                for (key, value) in m.iter() {
                    if first {
                        out.push(' ');
                        first = false;
                    } else {
                        indent(out, level + 1);
                    }
                    out.push_str(&scalar_text(&key.text));
                    out.push(':');
                    write_value(out, value, level + 1, flow_key);
                }
            }
            _ => write_value(out, item, level, flow_key),
        }
    }
}

/// Writes what follows `key:` or `-`: inline when short, else a nested block.
fn write_value(out: &mut String, value: &Node, level: usize, flow_key: FlowKey) {
    if let Some(text) = inline(value, flow_key) {
        out.push(' ');
        out.push_str(&text);
        out.push('\n');
        return;
    }
    match &value.value {
        Value::Map(m) => {
            out.push('\n');
            write_block_map(out, m, level + 1, flow_key);
        }
        Value::Seq(s) => {
            out.push('\n');
            write_block_seq(out, s, level + 1, flow_key);
        }
        Value::Str(s) => {
            // Multi-line text as a literal block, kept byte for byte.
            let chomp = if s.ends_with("\n\n") {
                "+"
            } else if s.ends_with('\n') {
                ""
            } else {
                "-"
            };
            // Indentation is detected from the first non-empty line unless stated.
            let first_line = s.split('\n').find(|l| !l.is_empty()).unwrap_or("");
            let indicator = if first_line.starts_with(' ') { "2" } else { "" };
            let _ = writeln!(out, " |{indicator}{chomp}");
            for line in s.trim_end_matches('\n').split('\n') {
                if !line.is_empty() {
                    indent(out, level + 1);
                    out.push_str(line);
                }
                out.push('\n');
            }
            if chomp == "+" {
                for _ in 0..(s.len() - s.trim_end_matches('\n').len()).saturating_sub(1) {
                    out.push('\n');
                }
            }
        }
        _ => {
            out.push(' ');
            out.push_str(&flow(value));
            out.push('\n');
        }
    }
}

/// The one-line form of a value when it is short enough to stay on its key's line.
fn inline(value: &Node, flow_key: FlowKey) -> Option<String> {
    match &value.value {
        Value::Str(s) if s.contains('\n') && fits_literal_block(s) => None,
        Value::Map(m) if m.is_empty() => Some("{}".to_owned()),
        Value::Seq(s) if s.is_empty() => Some("[]".to_owned()),
        Value::Map(m) if m.len() == 1 && flow_key(&m.iter().next()?.0.text) => {
            let text = flow(value);
            (text.len() <= FLOW_WIDTH && !text.contains('\n')).then_some(text)
        }
        Value::Map(_) => None,
        Value::Seq(items) => {
            let scalars = items
                .iter()
                .all(|i| !matches!(i.value, Value::Map(_) | Value::Seq(_)));
            let text = flow(value);
            (scalars && text.len() <= FLOW_WIDTH && !text.contains('\n')).then_some(text)
        }
        _ => Some(flow(value)),
    }
}

/// A value on one line in flow style (`{min: 2, max: 6}`), for messages and forms.
pub fn flow_text(value: &Node) -> String {
    flow(value)
}

/// Flow style for any value.
fn flow(value: &Node) -> String {
    match &value.value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => float_text(*f),
        Value::Str(s) => scalar_text(s),
        Value::Seq(items) => {
            let parts: Vec<String> = items.iter().map(flow).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Map(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}: {}", scalar_text(&k.text), flow(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

fn float_text(f: f64) -> String {
    if f.is_nan() {
        ".nan".to_owned()
    } else if f.is_infinite() {
        if f > 0.0 { ".inf" } else { "-.inf" }.to_owned()
    } else {
        // YAML 1.1 needs a dot and a signed exponent.
        let text = format!("{f:?}");
        if let Some((mantissa, exponent)) = text.split_once('e') {
            let mantissa = if mantissa.contains('.') {
                mantissa.to_owned()
            } else {
                format!("{mantissa}.0")
            };
            let exponent = if exponent.starts_with('-') {
                exponent.to_owned()
            } else {
                format!("+{exponent}")
            };
            format!("{mantissa}e{exponent}")
        } else {
            text
        }
    }
}

/// A string as a YAML scalar that reads back as the same string: plain when that is safe,
/// else quoted.
pub fn scalar_text(s: &str) -> String {
    if is_plain_safe(s) {
        s.to_owned()
    } else if s.chars().any(|c| c.is_control()) {
        // Control characters need double quotes with escapes.
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if c.is_control() => {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                }
                c => out.push(c),
            }
        }
        out.push('"');
        out
    } else {
        format!("'{}'", s.replace('\'', "''"))
    }
}

/// Whether a multi-line string reads back unchanged from a literal block: it needs visible
/// text, no blank-but-spaced lines (they confuse indentation detection) and no control
/// characters other than newline and tab (those only survive in double quotes).
fn fits_literal_block(s: &str) -> bool {
    !s.trim().is_empty()
        && !s.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
        && s.split('\n')
            .all(|line| line.is_empty() || !line.trim().is_empty())
}

fn is_plain_safe(s: &str) -> bool {
    if s.is_empty() || s.trim() != s {
        return false;
    }
    if !matches!(resolve_plain(s), Value::Str(_)) {
        return false;
    }
    // Heat (PyYAML) reads these as strings, but the YAML 1.1 specification and readers that
    // follow it to the letter take them for booleans: quoted, every reader agrees.
    if matches!(s, "y" | "Y" | "n" | "N") {
        return false;
    }
    let first = s.chars().next().unwrap_or(' ');
    if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
        // `-x` and `:x` are plain in YAML, but quoting them is clearer and always safe.
        return false;
    }
    !(s.contains(": ")
        || s.contains(" #")
        || s.ends_with(':')
        || s.chars().any(|c| c.is_control() || "[]{},".contains(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    fn round_trip(value: &Node) -> Node {
        let text = to_string(value, crate::model::hot::version::is_function_name);
        parse(text.as_bytes(), &YamlLimits::default())
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .root
    }

    fn same(a: &Node, b: &Node) -> bool {
        a.same_value(b)
    }

    #[test]
    fn strings_heat_would_misread_are_quoted() {
        for text in [
            "yes", "No", "n", "Y", "12", "1:30", "~", "null", "0x1F", "1.5", "", " lead", "a: b",
            "#x", "-", "x #y",
        ] {
            let doc = map([("k", string(text))]);
            let back = round_trip(&doc);
            assert_eq!(
                back.get("k").unwrap().as_str(),
                Some(text),
                "{}",
                to_string(&doc, crate::model::hot::version::is_function_name)
            );
        }
        assert_eq!(
            to_string(
                &map([("v", string("2016-10-14"))]),
                crate::model::hot::version::is_function_name
            ),
            "v: 2016-10-14\n"
        );
        assert_eq!(scalar_text("n"), "'n'");
        assert_eq!(scalar_text("Y"), "'Y'");
    }

    #[test]
    fn writes_a_template_in_heat_style() {
        let template = map([
            ("heat_template_version", string("2016-10-14")),
            ("description", string("demo")),
            (
                "resources",
                map([(
                    "server",
                    map([
                        ("type", string("OS::Nova::Server")),
                        (
                            "properties",
                            map([
                                ("image", map([("get_param", string("image_name"))])),
                                (
                                    "networks",
                                    seq([map([("port", map([("get_resource", string("p0"))]))])]),
                                ),
                                ("user_data", string("#!/bin/sh\necho hi\n")),
                            ]),
                        ),
                    ]),
                )]),
            ),
        ]);
        let text = to_string(&template, crate::model::hot::version::is_function_name);
        assert_eq!(
            text,
            "heat_template_version: 2016-10-14
description: demo
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image_name}
      networks:
        - port: {get_resource: p0}
      user_data: |
        #!/bin/sh
        echo hi
"
        );
        assert!(same(&round_trip(&template), &template));
    }

    #[test]
    fn numbers_booleans_and_nested_lists_round_trip() {
        let doc = map([
            ("n", node(Value::Int(-7))),
            ("f", node(Value::Float(1.5e20))),
            ("small", node(Value::Float(2.5e-7))),
            ("b", node(Value::Bool(false))),
            ("z", node(Value::Null)),
            (
                "l",
                seq([seq([string("a"), string("yes")]), map([("k", string("v"))])]),
            ),
            ("text", string("line one\n  indented\n\nlast")),
            ("quote", string("it's")),
            ("ctl", string("bell\u{7}")),
        ]);
        assert!(
            same(&round_trip(&doc), &doc),
            "{}",
            to_string(&doc, crate::model::hot::version::is_function_name)
        );
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn scalar() -> impl Strategy<Value = Node> {
            prop_oneof![
                any::<bool>().prop_map(|b| node(Value::Bool(b))),
                any::<i64>().prop_map(|i| node(Value::Int(i))),
                (-1.0e12f64..1.0e12).prop_map(|f| node(Value::Float(f))),
                "[ -~\n\t\u{e9}\u{4e2d}]{0,24}".prop_map(string),
                prop::sample::select(vec![
                    "yes",
                    "off",
                    "12",
                    "1:30",
                    "~",
                    "- x",
                    "a: b",
                    "'q'",
                    "2016-10-14"
                ])
                .prop_map(string),
            ]
        }

        fn tree() -> impl Strategy<Value = Node> {
            scalar().prop_recursive(4, 48, 6, |inner| {
                prop_oneof![
                    prop::collection::vec(inner.clone(), 0..5).prop_map(seq),
                    prop::collection::vec(("[a-z_]{1,8}", inner), 0..5).prop_map(|entries| {
                        let mut seen = std::collections::HashSet::new();
                        map(entries.into_iter().filter(|(k, _)| seen.insert(k.clone())))
                    }),
                ]
            })
        }

        proptest! {
            #[test]
            fn any_tree_reads_back_unchanged(doc in prop::collection::vec(("[a-z_]{1,8}", tree()), 1..6)) {
                let mut seen = std::collections::HashSet::new();
                let doc = map(doc.into_iter().filter(|(k, _)| seen.insert(k.clone())));
                let back = round_trip(&doc);
                prop_assert!(same(&back, &doc), "{}", to_string(&doc, crate::model::hot::version::is_function_name));
            }
        }
    }
}
