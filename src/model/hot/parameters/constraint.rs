//! What a constraint demands, and the parameter types Heat allows each one on.

use fancy_regex::Regex;

use crate::foundation::diagnostics::Span;
use crate::input::yaml::Value;

use super::number::Number;
use super::parameter_type::ParameterType;

/// What one constraint demands.
#[derive(Clone, Debug)]
pub enum ConstraintKind {
    /// Length of a string, list or JSON value, inclusive bounds.
    Length {
        /// Shortest allowed.
        min: Option<i64>,
        /// Longest allowed.
        max: Option<i64>,
    },
    /// Numeric range, inclusive bounds.
    Range {
        /// Smallest allowed.
        min: Option<Number>,
        /// Largest allowed.
        max: Option<Number>,
    },
    /// `value % step == offset`, with Python's modulo.
    Modulo {
        /// The step.
        step: i64,
        /// The offset.
        offset: i64,
    },
    /// One of these values.
    AllowedValues(Vec<Value>),
    /// Text matching a Python regular expression from its start to its end.
    AllowedPattern {
        /// The pattern as written.
        pattern: String,
        /// The pattern anchored at the start, as Python's `re.match` is.
        regex: Regex,
    },
    /// A check implemented by a Heat plug-in (an image, a flavor, a network…); not
    /// evaluated here.
    Custom(String),
}

impl ConstraintKind {
    /// The constraint's key as written in templates.
    pub fn key(&self) -> &'static str {
        match self {
            ConstraintKind::Length { .. } => "length",
            ConstraintKind::Range { .. } => "range",
            ConstraintKind::Modulo { .. } => "modulo",
            ConstraintKind::AllowedValues(_) => "allowed_values",
            ConstraintKind::AllowedPattern { .. } => "allowed_pattern",
            ConstraintKind::Custom(_) => "custom_constraint",
        }
    }
}

/// One entry of a parameter's `constraints:` list.
#[derive(Clone, Debug)]
pub struct Constraint {
    /// What it demands.
    pub kind: ConstraintKind,
    /// The template's explanation, shown when a value fails.
    pub description: Option<String>,
    /// Where the constraint's key is written.
    pub span: Span,
}

/// Constraint keys Heat reads, in the order it tries them (`modulo` first from 2017-02-24).
pub(super) const CONSTRAINT_KEYS: [&str; 6] = [
    "modulo",
    "range",
    "length",
    "allowed_values",
    "allowed_pattern",
    "custom_constraint",
];

/// The types a constraint applies to, as in Heat's `valid_types`.
pub fn constraint_types(key: &str) -> &'static [ParameterType] {
    use ParameterType::*;
    match key {
        "length" => &[String, CommaDelimitedList, Json],
        "range" | "modulo" => &[Number],
        "allowed_values" | "custom_constraint" => &[String, Number, Boolean, CommaDelimitedList],
        "allowed_pattern" => &[String],
        _ => &[],
    }
}
