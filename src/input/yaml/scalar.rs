//! Scalar resolution as Heat's loader does it: PyYAML's YAML 1.1 implicit types, dates as text.

use super::node::Value;

/// Resolves an untagged plain scalar the way PyYAML's safe loader does, with Heat's override
/// that timestamps stay strings.
pub(crate) fn resolve_plain(text: &str) -> Value {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Value::Bool(true);
        }
        "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Value::Bool(false);
        }
        _ => {}
    }
    // Every YAML 1.1 number starts with a digit, a sign or a dot; most scalars are names
    // and types, which need no further look.
    if !matches!(
        text.as_bytes().first(),
        Some(b'0'..=b'9' | b'+' | b'-' | b'.')
    ) {
        return Value::Str(text.to_owned());
    }
    if let Some(v) = yaml11_int(text) {
        return v;
    }
    if let Some(f) = yaml11_float(text) {
        return Value::Float(f);
    }
    Value::Str(text.to_owned())
}

/// Resolves a plain scalar of a JSON document: only `true`, `false`, `null` and JSON numbers.
pub(crate) fn resolve_json(text: &str) -> Value {
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        "null" => Value::Null,
        _ => {
            if let Ok(i) = text.parse::<i64>() {
                Value::Int(i)
            } else if let Ok(f) = text.parse::<f64>() {
                Value::Float(f)
            } else {
                Value::Str(text.to_owned())
            }
        }
    }
}

/// Resolves a scalar carrying an explicit core-schema tag (`!!str`, `!!int`, …).
pub(crate) fn resolve_tagged(suffix: &str, text: &str) -> Result<Value, String> {
    match suffix {
        "str" | "timestamp" | "binary" => Ok(Value::Str(text.to_owned())),
        "null" => Ok(Value::Null),
        "bool" => match resolve_plain(text) {
            Value::Bool(b) => Ok(Value::Bool(b)),
            _ => Err(format!("`{text}` is not a boolean")),
        },
        "int" => yaml11_int(text).ok_or_else(|| format!("`{text}` is not an integer")),
        "float" => yaml11_float(text)
            .or_else(|| match yaml11_int(text) {
                Some(Value::Int(i)) => Some(i as f64),
                Some(Value::Float(f)) => Some(f),
                _ => None,
            })
            .map(Value::Float)
            .ok_or_else(|| format!("`{text}` is not a float")),
        other => Err(format!("the tag !!{other} cannot be used on a scalar")),
    }
}

fn split_sign(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

fn all(text: &str, allowed: impl Fn(u8) -> bool) -> bool {
    !text.is_empty() && text.bytes().all(allowed)
}

/// PyYAML's int forms: binary `0b`, octal with a leading `0`, decimal, hex `0x`, and
/// base-60 `1:30`; underscores are ignored. Values beyond 64 bits become floats.
fn yaml11_int(text: &str) -> Option<Value> {
    let (negative, body) = split_sign(text);
    let (radix, raw) = if let Some(rest) = body.strip_prefix("0b") {
        if !all(rest, |c| c == b'0' || c == b'1' || c == b'_') {
            return None;
        }
        (2, rest)
    } else if let Some(rest) = body.strip_prefix("0x") {
        if !all(rest, |c| c.is_ascii_hexdigit() || c == b'_') {
            return None;
        }
        (16, rest)
    } else if body.len() > 1 && body.starts_with('0') {
        if !all(&body[1..], |c| (b'0'..=b'7').contains(&c) || c == b'_') {
            return None;
        }
        (8, &body[1..])
    } else if body.contains(':') {
        if body.contains('.') || body.starts_with('0') {
            return None;
        }
        return sexagesimal(body).map(|v| {
            let v = if negative { -v } else { v };
            if v.fract() == 0.0 && v.abs() < 9.0e18 {
                Value::Int(v as i64)
            } else {
                Value::Float(v)
            }
        });
    } else {
        let first = *body.as_bytes().first()?;
        if !first.is_ascii_digit() || !all(body, |c| c.is_ascii_digit() || c == b'_') {
            return None;
        }
        (10, body)
    };
    let digits: String = raw.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() {
        return None;
    }
    match i128::from_str_radix(&digits, radix) {
        Ok(v) => {
            let v = if negative { -v } else { v };
            Some(match i64::try_from(v) {
                Ok(i) => Value::Int(i),
                Err(_) => Value::Float(v as f64),
            })
        }
        Err(_) => Some(Value::Float(if negative {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        })),
    }
}

/// Base-60 numbers (`190:20:30`): the first part is any digits, the others 0–59.
fn sexagesimal(body: &str) -> Option<f64> {
    let mut parts = body.split(':');
    let head = parts.next()?;
    let first = *head.as_bytes().first()?;
    if !(first.is_ascii_digit()) || !all(head, |c| c.is_ascii_digit() || c == b'_') {
        return None;
    }
    let mut value: f64 = head.replace('_', "").parse().ok()?;
    let mut rest: Vec<&str> = parts.collect();
    if rest.is_empty() {
        return None;
    }
    // A base-60 float carries its fraction on the last part (`1:30.5`).
    let last = rest.pop()?;
    for part in rest {
        value = value * 60.0 + base60_digit(part)?;
    }
    let (whole, fraction) = match last.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (last, None),
    };
    value = value * 60.0 + base60_digit(whole)?;
    if let Some(fraction) = fraction {
        let fraction = fraction.replace('_', "");
        if !fraction.is_empty() {
            value += format!("0.{fraction}").parse::<f64>().ok()?;
        }
    }
    Some(value)
}

fn base60_digit(part: &str) -> Option<f64> {
    if part.is_empty() || part.len() > 2 || !all(part, |c| c.is_ascii_digit()) {
        return None;
    }
    let v: u32 = part.parse().ok()?;
    (part.len() == 1 || part.as_bytes()[0] <= b'5').then_some(f64::from(v))
}

/// PyYAML's float forms: a dot is required (`1e3` stays a string), an exponent needs a sign,
/// a bare `.5` takes no sign, plus `.inf`, `.nan` and base-60 floats (`1:30.5`).
fn yaml11_float(text: &str) -> Option<f64> {
    let (negative, body) = split_sign(text);
    let has_sign = body.len() != text.len();
    let signed = |v: f64| if negative { -v } else { v };
    match body {
        ".inf" | ".Inf" | ".INF" => return Some(signed(f64::INFINITY)),
        ".nan" | ".NaN" | ".NAN" if !has_sign => return Some(f64::NAN),
        _ => {}
    }
    if body.contains(':') {
        return if body.contains('.') {
            sexagesimal(body).map(signed)
        } else {
            None
        };
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let (whole, fraction) = mantissa.split_once('.')?;
    let digits_or_underscore = |c: u8| c.is_ascii_digit() || c == b'_';
    let well_formed = if whole.is_empty() {
        !has_sign && all(fraction, digits_or_underscore)
    } else {
        whole.as_bytes()[0].is_ascii_digit()
            && all(whole, digits_or_underscore)
            && fraction.bytes().all(digits_or_underscore)
    };
    if !well_formed {
        return None;
    }
    if let Some(exponent) = exponent {
        let (sign, digits) = exponent.split_at(exponent.len().min(1));
        if !(sign == "+" || sign == "-") || !all(digits, |c| c.is_ascii_digit()) {
            return None;
        }
    }
    let whole: String = whole.chars().filter(|&c| c != '_').collect();
    let fraction: String = fraction.chars().filter(|&c| c != '_').collect();
    let exponent = exponent.map(|e| format!("e{e}")).unwrap_or_default();
    let whole = if whole.is_empty() { "0" } else { &whole };
    let fraction = if fraction.is_empty() { "0" } else { &fraction };
    format!("{whole}.{fraction}{exponent}")
        .parse::<f64>()
        .ok()
        .map(signed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml11_booleans_and_nulls() {
        assert_eq!(resolve_plain("yes"), Value::Bool(true));
        assert_eq!(resolve_plain("Off"), Value::Bool(false));
        assert_eq!(resolve_plain("~"), Value::Null);
        assert_eq!(resolve_plain("y"), Value::Str("y".into()));
    }

    #[test]
    fn dates_stay_strings() {
        assert_eq!(resolve_plain("2013-05-23"), Value::Str("2013-05-23".into()));
        assert_eq!(
            resolve_plain("2001-12-14t21:59:43.10-05:00"),
            Value::Str("2001-12-14t21:59:43.10-05:00".into())
        );
    }

    #[test]
    fn yaml11_integers() {
        assert_eq!(resolve_plain("42"), Value::Int(42));
        assert_eq!(resolve_plain("-1_000"), Value::Int(-1000));
        assert_eq!(resolve_plain("0755"), Value::Int(0o755));
        assert_eq!(resolve_plain("0x1F"), Value::Int(31));
        assert_eq!(resolve_plain("0b101"), Value::Int(5));
        assert_eq!(resolve_plain("190:20:30"), Value::Int(685_230));
        assert_eq!(resolve_plain("0"), Value::Int(0));
        assert_eq!(resolve_plain("08"), Value::Str("08".into()));
    }

    #[test]
    fn yaml11_floats() {
        assert_eq!(resolve_plain("1.5"), Value::Float(1.5));
        assert_eq!(resolve_plain("1."), Value::Float(1.0));
        assert_eq!(resolve_plain(".5"), Value::Float(0.5));
        assert_eq!(resolve_plain("6.8523015e+5"), Value::Float(685_230.15));
        assert_eq!(resolve_plain("-.inf"), Value::Float(f64::NEG_INFINITY));
        // PyYAML needs a dot and a signed exponent.
        assert_eq!(resolve_plain("1e3"), Value::Str("1e3".into()));
        assert_eq!(resolve_plain("1.0e3"), Value::Str("1.0e3".into()));
        assert_eq!(resolve_plain("190:20:30.15"), Value::Float(685_230.15));
        assert_eq!(resolve_plain("1.2.3"), Value::Str("1.2.3".into()));
    }

    #[test]
    fn json_scalars() {
        assert_eq!(resolve_json("1e3"), Value::Float(1000.0));
        assert_eq!(resolve_json("yes"), Value::Str("yes".into()));
    }

    #[test]
    fn tagged_scalars() {
        assert_eq!(resolve_tagged("str", "yes"), Ok(Value::Str("yes".into())));
        assert_eq!(resolve_tagged("int", "12"), Ok(Value::Int(12)));
        assert!(resolve_tagged("int", "twelve").is_err());
    }
}
