//! A value converted to its parameter's type, and whether it meets each constraint.

use crate::input::yaml::Value;

use super::constraint::ConstraintKind;
use super::number::{Number, python_float_text};
use super::scalar::{boolean_from_value, python_text, shown};

/// Python's `len()` of a parsed JSON value; `None` when it has no length.
pub(super) fn json_length(value: &serde_json::Value) -> Option<usize> {
    match value {
        serde_json::Value::Array(a) => Some(a.len()),
        serde_json::Value::Object(o) => Some(o.len()),
        serde_json::Value::String(s) => Some(s.chars().count()),
        _ => None,
    }
}

/// A value in its parameter's type.
pub(super) enum Typed<'v> {
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
    pub(super) fn meets(&self, constraint: &ConstraintKind) -> Result<(), String> {
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

#[cfg(test)]
mod tests {
    use crate::input::yaml::Value;
    use crate::model::hot::parameters::sample::{messages, schema};

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
}
