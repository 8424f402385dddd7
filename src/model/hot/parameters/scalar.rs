//! Scalars as text the way Python's `str()` renders them, as booleans the way `oslo.utils` reads.

use crate::input::yaml::Value;

use super::number::python_float_text;

/// Texts `oslo.utils` reads as true (after trimming and lower-casing).
const TRUE_TEXTS: [&str; 6] = ["1", "t", "true", "on", "y", "yes"];
/// Texts `oslo.utils` reads as false.
const FALSE_TEXTS: [&str; 6] = ["0", "f", "false", "off", "n", "no"];

/// A scalar as Python's `str()` renders it (how Heat turns values into text for
/// comparisons); `None` for lists and maps.
pub(crate) fn python_text(value: &Value) -> Option<String> {
    Some(match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => python_float_text(*f),
        Value::Str(s) => s.clone(),
        Value::Seq(_) | Value::Map(_) => return None,
    })
}

/// How a value reads in a message.
pub(crate) fn shown(value: &Value) -> String {
    match value {
        Value::Str(s) => format!("`{s}`"),
        Value::Seq(_) | Value::Map(_) => value.kind().to_owned(),
        other => python_text(other).unwrap_or_default(),
    }
}

/// A value as `oslo.utils`' strict `bool_from_string` reads it.
pub fn boolean_from_value(value: &Value) -> Option<bool> {
    let text = match value {
        Value::Bool(b) => return Some(*b),
        Value::Seq(_) | Value::Map(_) | Value::Null => return None,
        other => python_text(other)?,
    };
    let lowered = text.trim().to_ascii_lowercase();
    if TRUE_TEXTS.contains(&lowered.as_str()) {
        Some(true)
    } else if FALSE_TEXTS.contains(&lowered.as_str()) {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hot::parameters::sample::value;

    #[test]
    fn booleans_follow_oslo_utils() {
        for yes in ["yes", "TRUE", "'1'", "1", "' on '", "t", "Y"] {
            assert_eq!(boolean_from_value(&value(yes)), Some(true), "{yes}");
        }
        for no in ["no", "'false'", "0", "off", "n"] {
            assert_eq!(boolean_from_value(&value(no)), Some(false), "{no}");
        }
        for bad in ["2", "1.0", "maybe", "[true]"] {
            assert_eq!(boolean_from_value(&value(bad)), None, "{bad}");
        }
    }
}
