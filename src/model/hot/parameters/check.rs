//! Checking a value against a parameter's type and constraints, and why it does not fit.

use std::fmt;

use crate::input::yaml::Value;

use super::number::Number;
use super::parameter_type::ParameterType;
use super::scalar::{boolean_from_value, python_text, shown};
use super::schema::ParameterSchema;
use super::typed::{Typed, json_length};

/// A constraint a value does not meet.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintViolation {
    /// The constraint key (`length`, `allowed_pattern`…).
    pub constraint: &'static str,
    /// What is wrong with the value.
    pub message: String,
    /// The template's explanation of the constraint.
    pub description: Option<String>,
}

impl fmt::Display for ConstraintViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(description) = &self.description {
            write!(f, " (the template says: {})", description.trim())?;
        }
        Ok(())
    }
}

/// Why a value does not fit a parameter.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ValueError {
    /// No value (null).
    #[error("no value is given")]
    Missing,
    /// Not a number.
    #[error("{0} is not a number")]
    NotANumber(String),
    /// Not a boolean.
    #[error("{0} is not a boolean; Heat reads true/false, yes/no, on/off, y/n, t/f and 1/0")]
    NotABoolean(String),
    /// Neither comma-separated text nor a list.
    #[error("{0} is not a comma-delimited list; give text such as `a,b,c` or a list")]
    NotAList(String),
    /// JSON text that does not parse.
    #[error("{text} is not valid JSON: {reason}")]
    NotJson {
        /// The value as shown.
        text: String,
        /// What the JSON parser says.
        reason: String,
    },
    /// A list or map given to a string parameter.
    #[error("{0} is not a string; Heat would pass its Python text form")]
    NotAString(&'static str),
    /// A constraint is not met.
    #[error("{0}")]
    Constraint(ConstraintViolation),
}

impl ValueError {
    /// The problem without the value itself, for hidden parameters (passwords, keys).
    pub fn redacted(&self) -> String {
        match self {
            ValueError::Missing => "no value is given".to_owned(),
            ValueError::NotANumber(_) => "the value is not a number".to_owned(),
            ValueError::NotABoolean(_) => "the value is not a boolean".to_owned(),
            ValueError::NotAList(_) => "the value is not a comma-delimited list".to_owned(),
            ValueError::NotJson { .. } => "the value is not valid JSON".to_owned(),
            ValueError::NotAString(kind) => format!("the value is {kind}, not a string"),
            ValueError::Constraint(violation) => {
                let mut text =
                    format!("the value breaks its `{}` constraint", violation.constraint);
                if let Some(description) = &violation.description {
                    text.push_str(&format!(" (the template says: {})", description.trim()));
                }
                text
            }
        }
    }
}

impl ParameterSchema {
    /// Checks a value against the type and every constraint but `custom_constraint`
    /// (which needs the cloud), as Heat does for a default or an environment value.
    pub fn check(&self, value: &Value) -> Result<(), ValueError> {
        if matches!(value, Value::Null) {
            return Err(ValueError::Missing);
        }
        let typed = self.typed(value)?;
        for constraint in &self.constraints {
            typed.meets(&constraint.kind).map_err(|message| {
                ValueError::Constraint(ConstraintViolation {
                    constraint: constraint.kind.key(),
                    message,
                    description: constraint.description.clone(),
                })
            })?;
        }
        Ok(())
    }

    /// Checks text typed by an operator (`12`, `yes`, `a,b`, `{"k": 1}`).
    pub fn check_text(&self, text: &str) -> Result<(), ValueError> {
        self.check(&Value::Str(text.to_owned()))
    }

    /// The value converted to the parameter's type.
    fn typed<'v>(&self, value: &'v Value) -> Result<Typed<'v>, ValueError> {
        match self.kind {
            ParameterType::String => match value {
                Value::Seq(_) | Value::Map(_) => Err(ValueError::NotAString(value.kind())),
                scalar => Ok(Typed::Scalar(scalar)),
            },
            ParameterType::Number => Number::from_value(value)
                .map(Typed::Number)
                .ok_or_else(|| ValueError::NotANumber(shown(value))),
            ParameterType::Boolean => boolean_from_value(value)
                .map(Typed::Boolean)
                .ok_or_else(|| ValueError::NotABoolean(shown(value))),
            ParameterType::CommaDelimitedList => match value {
                Value::Str(text) if text.is_empty() => Ok(Typed::List(Vec::new())),
                Value::Str(text) => Ok(Typed::List(text.split(',').map(str::to_owned).collect())),
                Value::Seq(items) => Ok(Typed::List(
                    items
                        .iter()
                        .map(|item| {
                            python_text(&item.value).unwrap_or_else(|| item.kind().to_owned())
                        })
                        .collect(),
                )),
                other => Err(ValueError::NotAList(shown(other))),
            },
            ParameterType::Json => match value {
                Value::Str(text) if text.is_empty() => Ok(Typed::JsonLength(Some(0))),
                Value::Str(text) => match serde_json::from_str::<serde_json::Value>(text) {
                    Ok(parsed) => Ok(Typed::JsonLength(json_length(&parsed))),
                    Err(e) => Err(ValueError::NotJson {
                        text: shown(value),
                        reason: e.to_string(),
                    }),
                },
                Value::Seq(items) => Ok(Typed::JsonLength(Some(items.len()))),
                Value::Map(map) => Ok(Typed::JsonLength(Some(map.len()))),
                _ => Ok(Typed::JsonLength(None)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hot::parameters::sample::{messages, schema, value};

    #[test]
    fn boolean_parameters_take_oslo_texts() {
        let flag = schema("type: boolean");
        assert!(flag.schema.check_text("yes").is_ok());
        assert!(matches!(
            flag.schema.check_text("maybe"),
            Err(ValueError::NotABoolean(_))
        ));
    }

    #[test]
    fn number_parameters_take_numeric_text() {
        let port = schema(
            "type: number\nconstraints:\n  - range: {min: 1, max: 65535}\n    description: a TCP port",
        );
        assert!(port.problems.is_empty(), "{:?}", messages(&port));
        assert!(port.schema.check_text("12").is_ok());
        assert!(port.schema.check(&Value::Int(443)).is_ok());
        let error = port.schema.check_text("70000").unwrap_err();
        assert_eq!(
            error.to_string(),
            "70000 is outside 1 to 65535 (the template says: a TCP port)"
        );
        assert!(matches!(
            port.schema.check_text("http"),
            Err(ValueError::NotANumber(_))
        ));
        assert!(matches!(
            port.schema.check(&Value::Null),
            Err(ValueError::Missing)
        ));
    }

    #[test]
    fn comma_delimited_lists_from_text_or_lists() {
        let zones = schema(
            "type: comma_delimited_list\nconstraints:\n  - length: {min: 2}\n  - allowed_values: [nova, az2, az3]",
        );
        assert!(zones.problems.is_empty(), "{:?}", messages(&zones));
        assert!(zones.schema.check_text("nova,az2").is_ok());
        assert!(zones.schema.check(&value("[nova, az3]")).is_ok());
        // Heat splits on every comma without trimming.
        assert!(zones.schema.check_text("nova, az2").is_err());
        assert!(zones.schema.check_text("nova").is_err());
        assert!(zones.schema.check_text("").is_err());
        assert!(matches!(
            zones.schema.check(&Value::Int(3)),
            Err(ValueError::NotAList(_))
        ));
        // List items are compared as text with the allowed values as written: numbers never
        // match, so the constraint itself is reported.
        let numbers =
            schema("type: comma_delimited_list\nconstraints:\n  - allowed_values: [1, 2]");
        assert_eq!(numbers.problems.len(), 2, "{:?}", messages(&numbers));
    }

    #[test]
    fn json_from_text_maps_and_lists() {
        let meta = schema("type: json\nconstraints:\n  - length: {max: 2}");
        assert!(meta.problems.is_empty(), "{:?}", messages(&meta));
        assert!(meta.schema.check_text(r#"{"a": 1, "b": 2}"#).is_ok());
        assert!(meta.schema.check(&value("{a: 1}")).is_ok());
        assert!(meta.schema.check(&value("[1, 2, 3]")).is_err());
        assert!(matches!(
            meta.schema.check_text("{a: 1"),
            Err(ValueError::NotJson { .. })
        ));
        assert!(meta.schema.check(&Value::Int(5)).is_err());
    }

    #[test]
    fn string_values_and_allowed_values() {
        let flavor =
            schema("type: string\nconstraints:\n  - allowed_values: [m1.small, m1.large, 5]");
        assert!(flavor.schema.check_text("m1.small").is_ok());
        assert!(flavor.schema.check(&Value::Int(5)).is_ok());
        let error = flavor.schema.check_text("m1.tiny").unwrap_err();
        assert_eq!(
            error.to_string(),
            "`m1.tiny` is not one of the allowed values: m1.small, m1.large, 5"
        );
        assert!(matches!(
            flavor.schema.check(&value("[a]")),
            Err(ValueError::NotAString(_))
        ));
        let name = schema("type: string\nconstraints:\n  - length: {min: 2, max: 4}");
        assert!(name.schema.check_text("abcd").is_ok());
        assert!(name.schema.check_text("abcde").is_err());
        assert!(name.schema.check(&Value::Int(12)).is_err());
    }
}
