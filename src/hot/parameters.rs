//! Parameter schemas as Heat reads them: the type, the constraints, and checking a value
//! (a default, an environment value, or what an operator types) against both.
//!
//! The semantics follow Heat's `parameters.py` and `constraints.py`: numbers are converted
//! the way Python's `int()` then `float()` do, booleans the way `oslo.utils` reads them,
//! `comma_delimited_list` text is split on every comma, `json` text must parse, and a
//! constraint applies only to the types Heat allows it on.

use std::collections::HashMap;
use std::fmt;

use fancy_regex::Regex;

use crate::diagnostics::Span;
use crate::yaml::{Mapping, Node, Value};

use super::version::Version;

/// Parameters Heat defines in every stack, readable with `get_param`.
pub const PSEUDO_PARAMETERS: [&str; 3] = ["OS::stack_name", "OS::stack_id", "OS::project_id"];

/// Texts `oslo.utils` reads as true (after trimming and lower-casing).
const TRUE_TEXTS: [&str; 6] = ["1", "t", "true", "on", "y", "yes"];
/// Texts `oslo.utils` reads as false.
const FALSE_TEXTS: [&str; 6] = ["0", "f", "false", "off", "n", "no"];

/// A HOT parameter type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParameterType {
    /// `string`.
    String,
    /// `number` (integer or float).
    Number,
    /// `comma_delimited_list`.
    CommaDelimitedList,
    /// `json` (a map or list, or JSON text).
    Json,
    /// `boolean`.
    Boolean,
}

impl ParameterType {
    /// Every type, in the order the HOT specification lists them.
    pub const ALL: [ParameterType; 5] = [
        ParameterType::String,
        ParameterType::Number,
        ParameterType::CommaDelimitedList,
        ParameterType::Json,
        ParameterType::Boolean,
    ];

    /// The type named in a template.
    pub fn parse(name: &str) -> Option<ParameterType> {
        ParameterType::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The name as written in templates.
    pub fn name(self) -> &'static str {
        match self {
            ParameterType::String => "string",
            ParameterType::Number => "number",
            ParameterType::CommaDelimitedList => "comma_delimited_list",
            ParameterType::Json => "json",
            ParameterType::Boolean => "boolean",
        }
    }
}

impl fmt::Display for ParameterType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number as Heat's `str_to_num` makes it: an integer when the text is one, else a float.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// An integer.
    Int(i64),
    /// A float (or an integer beyond 64 bits).
    Float(f64),
}

impl Number {
    /// The value as a float, for comparisons.
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }

    /// Reads text as Python's `int()`, then `float()`, would.
    pub fn from_text(text: &str) -> Option<Number> {
        let trimmed = text.trim();
        if let Some(digits) = python_digits(trimmed) {
            return Some(match digits.parse::<i64>() {
                Ok(i) => Number::Int(i),
                Err(_) => Number::Float(digits.parse::<f64>().ok()?),
            });
        }
        python_float(trimmed).map(Number::Float)
    }

    /// A YAML value as a number: numbers as they are, text converted; booleans are refused
    /// (Python would count `true` as 1, which is never what a template means).
    pub fn from_value(value: &Value) -> Option<Number> {
        match value {
            Value::Int(i) => Some(Number::Int(*i)),
            Value::Float(f) => Some(Number::Float(*f)),
            Value::Str(s) => Number::from_text(s),
            _ => None,
        }
    }

    /// The integer value, when the number is whole.
    fn as_whole(self) -> Option<i64> {
        match self {
            Number::Int(i) => Some(i),
            Number::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Some(f as i64),
            Number::Float(_) => None,
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Int(i) => write!(f, "{i}"),
            Number::Float(x) => f.write_str(&python_float_text(*x)),
        }
    }
}

/// Python's `int()` text: optional sign, decimal digits, single underscores between digits.
/// Returns the text without underscores.
fn python_digits(text: &str) -> Option<String> {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    if body.is_empty() || !underscores_between_digits(body) {
        return None;
    }
    if !body.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return None;
    }
    Some(text.replace('_', ""))
}

/// True when every `_` sits between two ASCII digits.
fn underscores_between_digits(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().all(|(i, &b)| {
        b != b'_'
            || (i > 0
                && i + 1 < bytes.len()
                && bytes[i - 1].is_ascii_digit()
                && bytes[i + 1].is_ascii_digit())
    })
}

/// Python's `float()` text: decimal with optional fraction and exponent, `inf`, `nan`.
fn python_float(text: &str) -> Option<f64> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let signed = |v: f64| if negative { -v } else { v };
    match body.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => return Some(signed(f64::INFINITY)),
        "nan" => return Some(f64::NAN),
        _ => {}
    }
    let well_formed = !body.is_empty()
        && underscores_between_digits(body)
        && body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-' | b'_'))
        && body.bytes().any(|b| b.is_ascii_digit())
        // A sign may only follow the exponent mark.
        && body.bytes().enumerate().all(|(i, b)| {
            !matches!(b, b'+' | b'-') || (i > 0 && matches!(body.as_bytes()[i - 1], b'e' | b'E'))
        });
    if !well_formed {
        return None;
    }
    body.replace('_', "").parse::<f64>().ok().map(signed)
}

/// A float written as Python's `repr` writes it (`1.0`, `1e+16`, `1.5e-07`).
fn python_float_text(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let magnitude = x.abs();
    if magnitude != 0.0 && !(1e-4..1e16).contains(&magnitude) {
        let text = format!("{x:e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let (sign, digits) = match exponent.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exponent),
        };
        return format!("{mantissa}e{sign}{digits:0>2}");
    }
    format!("{x:?}")
}

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
const CONSTRAINT_KEYS: [&str; 6] = [
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

/// Python's `len()` of a parsed JSON value; `None` when it has no length.
fn json_length(value: &serde_json::Value) -> Option<usize> {
    match value {
        serde_json::Value::Array(a) => Some(a.len()),
        serde_json::Value::Object(o) => Some(o.len()),
        serde_json::Value::String(s) => Some(s.chars().count()),
        _ => None,
    }
}

/// A value in its parameter's type.
enum Typed<'v> {
    /// A string parameter's value (a scalar, not necessarily text).
    Scalar(&'v Value),
    /// A number.
    Number(Number),
    /// A boolean.
    Boolean(bool),
    /// A comma-delimited list's items.
    List(Vec<String>),
    /// A JSON value's length, when it has one.
    JsonLength(Option<usize>),
}

impl Typed<'_> {
    /// Whether the value meets a constraint; the message says why not.
    fn meets(&self, constraint: &ConstraintKind) -> Result<(), String> {
        match constraint {
            ConstraintKind::Length { min, max } => {
                let length = match self {
                    Typed::Scalar(Value::Str(s)) => s.chars().count(),
                    Typed::List(items) => items.len(),
                    Typed::JsonLength(Some(n)) => *n,
                    Typed::Scalar(other) => {
                        return Err(format!(
                            "{} is not text, so Heat cannot measure its length; quote it",
                            shown(other)
                        ));
                    }
                    _ => return Err("the value has no length".to_owned()),
                };
                let length = length as i64;
                within(
                    "length",
                    length as f64,
                    min.map(|m| m as f64),
                    max.map(|m| m as f64),
                )
            }
            ConstraintKind::Range { min, max } => match self {
                Typed::Number(n) => within(
                    &n.to_string(),
                    n.as_f64(),
                    min.map(Number::as_f64),
                    max.map(Number::as_f64),
                ),
                _ => Err("the value is not a number".to_owned()),
            },
            ConstraintKind::Modulo { step, offset } => match self {
                Typed::Number(n) => {
                    let remainder = python_modulo(n.as_f64(), *step as f64);
                    if remainder == *offset as f64 {
                        Ok(())
                    } else {
                        let multiple = if *offset == 0 {
                            format!("a multiple of {step}")
                        } else {
                            format!("a multiple of {step} plus {offset}")
                        };
                        Err(format!(
                            "{n} is not {multiple} (the remainder is {})",
                            Number::Float(remainder)
                                .as_whole()
                                .map_or_else(|| python_float_text(remainder), |w| w.to_string())
                        ))
                    }
                }
                _ => Err("the value is not a number".to_owned()),
            },
            ConstraintKind::AllowedValues(allowed) => self.allowed(allowed),
            ConstraintKind::AllowedPattern { pattern, regex } => match self {
                Typed::Scalar(Value::Str(text)) => {
                    let whole = matches!(regex.find(text), Ok(Some(m)) if m.end() == text.len());
                    if whole {
                        Ok(())
                    } else {
                        Err(format!(
                            "`{text}` does not match the pattern `{pattern}` (the whole value must match)"
                        ))
                    }
                }
                Typed::Scalar(other) => Err(format!(
                    "{} is not text, so Heat cannot match it against `{pattern}`; quote it",
                    shown(other)
                )),
                _ => Err("the value is not text".to_owned()),
            },
            ConstraintKind::Custom(_) => Ok(()),
        }
    }

    fn allowed(&self, allowed: &[Value]) -> Result<(), String> {
        let listed = || {
            allowed
                .iter()
                .map(|v| python_text(v).unwrap_or_else(|| v.kind().to_owned()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let found = match self {
            Typed::Scalar(value) => {
                let text = python_text(value);
                allowed
                    .iter()
                    .any(|a| python_text(a).is_some() && python_text(a) == text)
            }
            Typed::Number(n) => allowed
                .iter()
                .filter_map(Number::from_value)
                .any(|a| a.as_f64() == n.as_f64()),
            Typed::Boolean(b) => allowed
                .iter()
                .filter_map(boolean_from_value)
                .any(|a| a == *b),
            Typed::List(items) => {
                // Heat compares each item, as text, with the allowed values as written.
                let missing: Vec<&String> = items
                    .iter()
                    .filter(|item| {
                        !allowed
                            .iter()
                            .any(|a| matches!(a, Value::Str(s) if s == *item))
                    })
                    .collect();
                if missing.is_empty() {
                    return Ok(());
                }
                let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
                let spaced = missing.iter().any(|m| m.trim() != m.as_str());
                return Err(format!(
                    "{} not among the allowed values: {}{}",
                    if names.len() == 1 {
                        format!("{} is", names[0])
                    } else {
                        format!("{} are", names.join(", "))
                    },
                    listed(),
                    if spaced {
                        " (Heat splits the text on commas and keeps the spaces)"
                    } else {
                        ""
                    }
                ));
            }
            Typed::JsonLength(_) => false,
        };
        if found {
            Ok(())
        } else {
            let value = match self {
                Typed::Scalar(v) => shown(v),
                Typed::Number(n) => n.to_string(),
                Typed::Boolean(b) => b.to_string(),
                _ => "the value".to_owned(),
            };
            Err(format!(
                "{value} is not one of the allowed values: {}",
                listed()
            ))
        }
    }
}

/// Checks `value` against inclusive bounds; `what` names the value in the message.
fn within(what: &str, value: f64, min: Option<f64>, max: Option<f64>) -> Result<(), String> {
    let show = |x: f64| {
        Number::Float(x)
            .as_whole()
            .map_or_else(|| python_float_text(x), |w| w.to_string())
    };
    let subject = if what == "length" {
        format!("the length {}", show(value))
    } else {
        what.to_owned()
    };
    match (min, max) {
        (Some(lo), _) if value < lo => Err(match max {
            Some(hi) => format!("{subject} is outside {} to {}", show(lo), show(hi)),
            None => format!("{subject} is below the minimum {}", show(lo)),
        }),
        (_, Some(hi)) if value > hi => Err(match min {
            Some(lo) => format!("{subject} is outside {} to {}", show(lo), show(hi)),
            None => format!("{subject} is above the maximum {}", show(hi)),
        }),
        _ => Ok(()),
    }
}

/// Python's `%`: the result takes the sign of the divisor.
fn python_modulo(value: f64, step: f64) -> f64 {
    let r = value % step;
    if r != 0.0 && (r < 0.0) != (step < 0.0) {
        r + step
    } else {
        r
    }
}

impl ParsedSchema {
    fn problem(&mut self, span: Span, path: String, message: impl Into<String>) {
        self.problems.push(ConstraintProblem {
            span,
            path,
            message: message.into(),
        });
    }

    fn read_constraints(&mut self, list: &Node, version: Version, patterns: &mut Patterns) {
        let Some(items) = list.as_seq() else {
            if !list.is_null() {
                self.problem(
                    list.span,
                    "constraints".to_owned(),
                    format!(
                        "`constraints` must be a list (`- length: {{min: 1}}`), not {}",
                        list.kind()
                    ),
                );
            }
            return;
        };
        for (index, item) in items.iter().enumerate() {
            let path = format!("constraints.{index}");
            let Some(map) = item.as_map() else {
                self.problem(
                    item.span,
                    path,
                    format!(
                        "each constraint must be a map such as `length: {{min: 1}}`, not {}",
                        item.kind()
                    ),
                );
                continue;
            };
            self.read_constraint(map, item.span, &path, version, patterns);
        }
    }

    fn read_constraint(
        &mut self,
        map: &Mapping,
        at: Span,
        path: &str,
        version: Version,
        patterns: &mut Patterns,
    ) {
        for (key, _) in map.iter() {
            if key.text != "description" && !CONSTRAINT_KEYS.contains(&key.text.as_str()) {
                self.problem(
                    key.span,
                    format!("{path}.{}", key.text),
                    format!(
                        "`{}` is not a constraint; use length, range, modulo, allowed_values, \
                         allowed_pattern or custom_constraint",
                        key.text
                    ),
                );
            }
        }
        // Heat takes the first constraint key it knows, in this order, and ignores the rest.
        let order: &[&str] = if version.has_modulo() {
            &CONSTRAINT_KEYS
        } else {
            &CONSTRAINT_KEYS[1..]
        };
        let present: Vec<(&crate::yaml::Key, &Node)> = CONSTRAINT_KEYS
            .iter()
            .filter_map(|k| map.key(k).zip(map.get(k)))
            .collect();
        let chosen = order.iter().find_map(|k| map.key(k).zip(map.get(k)));
        let Some((key, definition)) = chosen else {
            if let Some((modulo, _)) = present.first() {
                self.problem(
                    modulo.span,
                    format!("{path}.modulo"),
                    format!(
                        "the `modulo` constraint needs heat_template_version 2017-02-24 or later \
                         (this template is {version})"
                    ),
                );
            } else if map.iter().all(|(k, _)| k.text == "description") {
                self.problem(
                    at,
                    path.to_owned(),
                    "the constraint names no constraint type",
                );
            }
            return;
        };
        for (other, _) in &present {
            if other.text != key.text {
                self.problem(
                    other.span,
                    format!("{path}.{}", other.text),
                    format!(
                        "one list item holds one constraint; Heat uses `{}` here and ignores `{}`; \
                         start a new `- {}:` item",
                        key.text, other.text, other.text
                    ),
                );
            }
        }
        let description = map
            .get("description")
            .and_then(Node::as_str)
            .map(str::to_owned);
        let kind_path = format!("{path}.{}", key.text);
        let types = constraint_types(&key.text);
        if !types.contains(&self.schema.kind) {
            let names: Vec<&str> = types.iter().map(|t| t.name()).collect();
            self.problem(
                key.span,
                kind_path,
                format!(
                    "`{}` does not apply to a {} parameter (only to {})",
                    key.text,
                    self.schema.kind,
                    names.join(", ")
                ),
            );
            return;
        }
        if let Some(kind) = self.read_kind(&key.text, definition, &kind_path, patterns) {
            self.schema.constraints.push(Constraint {
                kind,
                description,
                span: key.span,
            });
        }
    }

    /// Reads one constraint's definition; `None` (with a problem recorded) when ill-formed.
    fn read_kind(
        &mut self,
        key: &str,
        definition: &Node,
        path: &str,
        patterns: &mut Patterns,
    ) -> Option<ConstraintKind> {
        match key {
            "length" | "range" => {
                let bounds = self.bounds(definition, path, key, &["min", "max"])?;
                let (min, max) = (bounds[0], bounds[1]);
                if min.is_none() && max.is_none() {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!("a {key} constraint needs `min`, `max` or both"),
                    );
                    return None;
                }
                if key == "range" {
                    return Some(ConstraintKind::Range {
                        min: min.map(|(n, _)| n),
                        max: max.map(|(n, _)| n),
                    });
                }
                let mut whole = |bound: Option<(Number, Span)>, name: &str| match bound {
                    None => Some(None),
                    Some((n, span)) => match n {
                        Number::Int(i) => Some(Some(i)),
                        Number::Float(_) => {
                            self.problem(
                                span,
                                format!("{path}.{name}"),
                                format!("a length bound must be a whole number, not {n}"),
                            );
                            None
                        }
                    },
                };
                let min = whole(min, "min")?;
                let max = whole(max, "max")?;
                Some(ConstraintKind::Length { min, max })
            }
            "modulo" => {
                let bounds = self.bounds(definition, path, key, &["step", "offset"])?;
                let (Some((step, step_at)), Some((offset, _))) = (bounds[0], bounds[1]) else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        "a modulo constraint needs both `step` and `offset`",
                    );
                    return None;
                };
                let (Some(step), Some(offset)) = (step.as_whole(), offset.as_whole()) else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        "`step` and `offset` of a modulo constraint must be whole numbers",
                    );
                    return None;
                };
                let message = if step == 0 {
                    Some("`step` cannot be 0".to_owned())
                } else if offset.unsigned_abs() >= step.unsigned_abs() {
                    Some(format!(
                        "`offset` ({offset}) must be smaller than `step` ({step}) by absolute value"
                    ))
                } else if step.signum() * offset.signum() < 0 {
                    Some("`step` and `offset` must have the same sign".to_owned())
                } else {
                    None
                };
                if let Some(message) = message {
                    self.problem(step_at, format!("{path}.step"), message);
                    return None;
                }
                Some(ConstraintKind::Modulo { step, offset })
            }
            "allowed_values" => {
                let Some(items) = definition.as_seq() else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!("`allowed_values` must be a list, not {}", definition.kind()),
                    );
                    return None;
                };
                let mut ok = true;
                for (i, item) in items.iter().enumerate() {
                    let fits = match self.schema.kind {
                        ParameterType::Number => Number::from_value(&item.value).is_some(),
                        ParameterType::Boolean => boolean_from_value(&item.value).is_some(),
                        // List items are text and Heat compares them with the values as
                        // written, so `1` never matches the item `"1"`.
                        ParameterType::CommaDelimitedList => matches!(item.value, Value::Str(_)),
                        _ => true,
                    };
                    if !fits {
                        ok = false;
                        let message = if self.schema.kind == ParameterType::CommaDelimitedList {
                            format!(
                                "{} is not text, and Heat compares list items as text, so it \
                                 never matches; quote it",
                                shown(&item.value)
                            )
                        } else {
                            format!(
                                "{} is not a {}, so Heat fails every value against this list",
                                shown(&item.value),
                                self.schema.kind
                            )
                        };
                        self.problem(item.span, format!("{path}.{i}"), message);
                    }
                }
                ok.then(|| {
                    ConstraintKind::AllowedValues(items.iter().map(|n| n.value.clone()).collect())
                })
            }
            "allowed_pattern" => {
                let Some(pattern) = definition.as_str() else {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!(
                            "`allowed_pattern` must be a string (quote it), not {}",
                            definition.kind()
                        ),
                    );
                    return None;
                };
                match patterns.compile(pattern) {
                    Ok(regex) => Some(ConstraintKind::AllowedPattern {
                        pattern: pattern.to_owned(),
                        regex,
                    }),
                    Err(reason) => {
                        self.problem(
                            definition.span,
                            path.to_owned(),
                            format!("`{pattern}` is not a valid regular expression: {reason}"),
                        );
                        None
                    }
                }
            }
            _ => match definition.as_str() {
                Some(name) => Some(ConstraintKind::Custom(name.to_owned())),
                None => {
                    self.problem(
                        definition.span,
                        path.to_owned(),
                        format!(
                            "`custom_constraint` must name a constraint such as `nova.flavor`, not {}",
                            definition.kind()
                        ),
                    );
                    None
                }
            },
        }
    }

    /// Reads a map of numeric bounds with exactly the keys `names`; each bound with its span.
    #[allow(clippy::type_complexity)]
    fn bounds(
        &mut self,
        definition: &Node,
        path: &str,
        key: &str,
        names: &[&str; 2],
    ) -> Option<[Option<(Number, Span)>; 2]> {
        let Some(map) = definition.as_map() else {
            self.problem(
                definition.span,
                path.to_owned(),
                format!(
                    "a {key} constraint is a map such as `{{{}: 1, {}: 10}}`, not {}",
                    names[0],
                    names[1],
                    definition.kind()
                ),
            );
            return None;
        };
        let mut ok = true;
        for (k, _) in map.iter() {
            if !names.contains(&k.text.as_str()) {
                ok = false;
                self.problem(
                    k.span,
                    format!("{path}.{}", k.text),
                    format!(
                        "`{}` is not a key of a {key} constraint; use `{}` and `{}`",
                        k.text, names[0], names[1]
                    ),
                );
            }
        }
        let mut out = [None, None];
        for (slot, name) in out.iter_mut().zip(names) {
            let Some(node) = map.get(name) else {
                continue;
            };
            if node.is_null() {
                continue;
            }
            match Number::from_value(&node.value) {
                Some(n) => *slot = Some((n, node.span)),
                None => {
                    ok = false;
                    self.problem(
                        node.span,
                        format!("{path}.{name}"),
                        format!("`{name}` must be a number, not {}", shown(&node.value)),
                    );
                }
            }
        }
        ok.then_some(out)
    }
}

/// Compiled `allowed_pattern`s by their text, each compiled once.
#[derive(Default)]
pub struct Patterns(HashMap<String, Result<Regex, String>>);

impl Patterns {
    /// The pattern compiled as [`compile_pattern`] does, from the cache when seen before.
    pub fn compile(&mut self, pattern: &str) -> Result<Regex, String> {
        self.0
            .entry(pattern.to_owned())
            .or_insert_with(|| compile_pattern(pattern))
            .clone()
    }
}

/// Compiles a pattern as Heat's `re.match` uses it: anchored at the start only (the caller
/// checks that the match reaches the end).
pub fn compile_pattern(pattern: &str) -> Result<Regex, String> {
    Regex::new(&format!("\\A(?:{pattern})")).map_err(|wrapped| {
        // Explain with the pattern as written, so positions match the template.
        match Regex::new(pattern) {
            Err(e) => e.to_string(),
            Ok(_) => wrapped.to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::YamlLimits;
    use crate::yaml::parse;

    fn node(text: &str) -> Node {
        parse(text.as_bytes(), &YamlLimits::default())
            .expect("test YAML parses")
            .root
    }

    fn schema(text: &str) -> ParsedSchema {
        ParameterSchema::from_definition(&node(text), Version::LATEST).expect("a schema")
    }

    fn value(text: &str) -> Value {
        node(&format!("v: {text}"))
            .get("v")
            .map(|n| n.value.clone())
            .unwrap_or(Value::Null)
    }

    fn messages(parsed: &ParsedSchema) -> Vec<String> {
        parsed
            .problems
            .iter()
            .map(|p| format!("{}: {}", p.path, p.message))
            .collect()
    }

    #[test]
    fn numbers_follow_python_int_then_float() {
        assert_eq!(Number::from_text("12"), Some(Number::Int(12)));
        assert_eq!(Number::from_text(" 12 "), Some(Number::Int(12)));
        assert_eq!(Number::from_text("+7"), Some(Number::Int(7)));
        assert_eq!(Number::from_text("1_000"), Some(Number::Int(1000)));
        assert_eq!(Number::from_text("007"), Some(Number::Int(7)));
        assert_eq!(Number::from_text("1e3"), Some(Number::Float(1000.0)));
        assert_eq!(Number::from_text("-2.5"), Some(Number::Float(-2.5)));
        assert_eq!(Number::from_text(".5"), Some(Number::Float(0.5)));
        assert_eq!(
            Number::from_text("Infinity"),
            Some(Number::Float(f64::INFINITY))
        );
        for bad in ["", "12abc", "0x10", "1__0", "_1", "1_", "e3", "--1"] {
            assert_eq!(Number::from_text(bad), None, "{bad}");
        }
        assert_eq!(Number::from_value(&Value::Bool(true)), None);
    }

    #[test]
    fn floats_print_like_python() {
        assert_eq!(Number::Float(1.0).to_string(), "1.0");
        assert_eq!(Number::Float(0.1).to_string(), "0.1");
        assert_eq!(Number::Float(1e16).to_string(), "1e+16");
        assert_eq!(Number::Float(1.5e-7).to_string(), "1.5e-07");
    }

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
    fn modulo_uses_python_remainders() {
        let vlan = schema("type: number\nconstraints:\n  - modulo: {step: 4, offset: 3}");
        assert!(vlan.problems.is_empty(), "{:?}", messages(&vlan));
        assert!(vlan.schema.check_text("7").is_ok());
        // Python: -1 % 4 == 3.
        assert!(vlan.schema.check_text("-1").is_ok());
        assert!(vlan.schema.check_text("8").is_err());
        assert!(vlan.schema.check_text("7.5").is_err());
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
    fn patterns_match_from_the_start_to_the_end() {
        let user = schema("type: string\nconstraints:\n  - allowed_pattern: '[A-Z]+[a-zA-Z0-9]*'");
        assert!(user.problems.is_empty(), "{:?}", messages(&user));
        assert!(user.schema.check_text("Admin1").is_ok());
        assert!(user.schema.check_text("admin").is_err());
        assert!(user.schema.check_text("Admin-1").is_err());
        // Python's match takes the first alternative and then fails the end check.
        let alternation = schema("type: string\nconstraints:\n  - allowed_pattern: 'a|ab'");
        assert!(alternation.schema.check_text("a").is_ok());
        assert!(alternation.schema.check_text("ab").is_err());
        // A number is not text: Heat cannot match it.
        assert!(user.schema.check(&Value::Int(12)).is_err());
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

    #[test]
    fn ill_formed_constraints_are_reported() {
        let cases = [
            (
                "type: number\nconstraints:\n  - length: {min: 1}",
                "constraints.0.length",
            ),
            (
                "type: string\nconstraints:\n  - range: {}",
                "constraints.0.range",
            ),
            (
                "type: string\nconstraints:\n  - length: {min: 1.5}",
                "constraints.0.length.min",
            ),
            (
                "type: string\nconstraints:\n  - length: {low: 1}",
                "constraints.0.length.low",
            ),
            (
                "type: string\nconstraints:\n  - allowed_values: m1.small",
                "constraints.0.allowed_values",
            ),
            (
                "type: string\nconstraints:\n  - allowed_pattern: '([a-z]'",
                "constraints.0.allowed_pattern",
            ),
            (
                "type: string\nconstraints:\n  - allowed_pattern: 12",
                "constraints.0.allowed_pattern",
            ),
            (
                "type: number\nconstraints:\n  - allowed_values: [1, two]",
                "constraints.0.allowed_values.1",
            ),
            (
                "type: json\nconstraints:\n  - allowed_values: [a]",
                "constraints.0.allowed_values",
            ),
            (
                "type: number\nconstraints:\n  - modulo: {step: 4}",
                "constraints.0.modulo",
            ),
            (
                "type: number\nconstraints:\n  - modulo: {step: 4, offset: 5}",
                "constraints.0.modulo.step",
            ),
            (
                "type: number\nconstraints:\n  - modulo: {step: 4, offset: -1}",
                "constraints.0.modulo.step",
            ),
            (
                "type: string\nconstraints:\n  - length: {min: 1}\n    range: {min: 1}",
                "constraints.0.range",
            ),
            (
                "type: string\nconstraints:\n  - lenght: {min: 1}",
                "constraints.0.lenght",
            ),
            (
                "type: string\nconstraints: {length: {min: 1}}",
                "constraints",
            ),
            (
                "type: string\nconstraints:\n  - description: only words",
                "constraints.0",
            ),
        ];
        for (text, path) in cases {
            let parsed = schema(text);
            assert!(
                parsed.problems.iter().any(|p| p.path == path),
                "{text}: expected a problem at {path}, got {:?}",
                messages(&parsed)
            );
        }
    }

    #[test]
    fn modulo_needs_ocata() {
        let definition = node("type: number\nconstraints:\n  - modulo: {step: 2, offset: 0}");
        let old =
            ParameterSchema::from_definition(&definition, Version::V2016_10_14).expect("a schema");
        assert_eq!(old.problems.len(), 1);
        assert!(old.problems[0].message.contains("2017-02-24"));
        let new =
            ParameterSchema::from_definition(&definition, Version::V2017_02_24).expect("a schema");
        assert!(new.problems.is_empty());
    }

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
