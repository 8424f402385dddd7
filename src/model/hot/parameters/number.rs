//! Numbers as Heat's `str_to_num` reads them and floats as Python's `repr` writes them.

use std::fmt;

use crate::input::yaml::Value;

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
    pub(super) fn as_whole(self) -> Option<i64> {
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
pub(super) fn python_float_text(x: f64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
