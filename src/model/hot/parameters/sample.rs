//! Parameter definitions and values written as YAML, for the tests.

use crate::foundation::limits::YamlLimits;
use crate::input::yaml::{Node, Value, parse};

use super::super::version::Version;
use super::{ParameterSchema, ParsedSchema};

/// The root node of a YAML text.
pub(super) fn node(text: &str) -> Node {
    parse(text.as_bytes(), &YamlLimits::default())
        .expect("test YAML parses")
        .root
}

/// The schema of a definition, read for the latest template version.
pub(super) fn schema(text: &str) -> ParsedSchema {
    ParameterSchema::from_definition(&node(text), Version::LATEST).expect("a schema")
}

/// The value of a YAML scalar or collection written as text.
pub(super) fn value(text: &str) -> Value {
    node(&format!("v: {text}"))
        .get("v")
        .map(|n| n.value.clone())
        .unwrap_or(Value::Null)
}

/// Each constraint problem as `path: message`.
pub(super) fn messages(parsed: &ParsedSchema) -> Vec<String> {
    parsed
        .problems
        .iter()
        .map(|p| format!("{}: {}", p.path, p.message))
        .collect()
}
