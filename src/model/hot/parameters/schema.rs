//! A parameter's schema read from its definition, with the problems of its constraints.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Node, Value};

use super::super::version::Version;
use super::constraint::Constraint;
use super::parameter_type::ParameterType;
use super::pattern::Patterns;
use super::scalar::python_text;

/// A problem in a parameter's `constraints:` that makes Heat reject the template.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintProblem {
    /// Where it is.
    pub span: Span,
    /// Key path below the parameter (`constraints.0.range.min`).
    pub path: String,
    /// What is wrong and how to put it right.
    pub message: String,
}

/// Why a parameter definition yields no schema at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchemaError {
    /// The definition is not a mapping.
    #[error("a parameter definition must be a map with `type:` and `description:`")]
    NotAMap,
    /// No `type:`.
    #[error("the parameter has no `type:`")]
    MissingType,
    /// `type:` names no HOT type.
    #[error(
        "`{0}` is not a HOT parameter type; use string, number, comma_delimited_list, json or boolean"
    )]
    UnknownType(String),
}

/// A parameter's type and well-formed constraints.
#[derive(Clone, Debug)]
pub struct ParameterSchema {
    /// The type.
    pub kind: ParameterType,
    /// Constraints Heat would accept (ill-formed ones are left out and reported).
    pub constraints: Vec<Constraint>,
}

/// A schema read from a template, with the problems found in its constraints.
#[derive(Clone, Debug)]
pub struct ParsedSchema {
    /// The schema.
    pub schema: ParameterSchema,
    /// Constraints Heat would reject.
    pub problems: Vec<ConstraintProblem>,
}

impl ParameterSchema {
    /// Reads a parameter definition; `version` decides whether `modulo` exists.
    pub fn from_definition(
        definition: &Node,
        version: Version,
    ) -> Result<ParsedSchema, SchemaError> {
        Self::from_definition_with(definition, version, &mut Patterns::default())
    }

    /// Reads a parameter definition, compiling patterns through a shared cache (templates
    /// repeat the same IP-address or name pattern on many parameters).
    pub fn from_definition_with(
        definition: &Node,
        version: Version,
        patterns: &mut Patterns,
    ) -> Result<ParsedSchema, SchemaError> {
        let map = definition.as_map().ok_or(SchemaError::NotAMap)?;
        let type_node = map.get("type").ok_or(SchemaError::MissingType)?;
        let kind = match &type_node.value {
            Value::Str(name) => {
                ParameterType::parse(name).ok_or_else(|| SchemaError::UnknownType(name.clone()))?
            }
            other => {
                return Err(SchemaError::UnknownType(
                    python_text(other).unwrap_or_else(|| other.kind().to_owned()),
                ));
            }
        };
        let mut parsed = ParsedSchema {
            schema: ParameterSchema {
                kind,
                constraints: Vec::new(),
            },
            problems: Vec::new(),
        };
        if let Some(list) = map.get("constraints") {
            parsed.read_constraints(list, version, patterns);
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::hot::parameters::sample::node;

    #[test]
    fn types_are_required_and_known() {
        let v = Version::LATEST;
        assert_eq!(
            ParameterSchema::from_definition(&node("description: x"), v).unwrap_err(),
            SchemaError::MissingType
        );
        assert_eq!(
            ParameterSchema::from_definition(&node("type: integer"), v).unwrap_err(),
            SchemaError::UnknownType("integer".into())
        );
        assert_eq!(
            ParameterSchema::from_definition(&node("- a"), v).unwrap_err(),
            SchemaError::NotAMap
        );
        assert_eq!(
            ParameterType::parse("comma_delimited_list"),
            Some(ParameterType::CommaDelimitedList)
        );
    }
}
