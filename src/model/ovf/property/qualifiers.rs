//! Property qualifiers: DSP0243's `MinLen`, `MaxLen`, `ValueMap`, `MinValue`, `MaxValue`
//! and VMware's `Ip` and platform expressions, parsed from `ovf:qualifiers`.

use std::fmt;

use serde::Serialize;

/// One entry of a `ValueMap{…}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ValueMapEntry {
    /// One allowed value.
    Value {
        /// The value.
        value: String,
    },
    /// An integer range `a..b` (either end may be open).
    Range {
        /// Lowest allowed value.
        from: Option<String>,
        /// Highest allowed value.
        to: Option<String>,
    },
}

/// A constraint on a property's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "name", content = "argument")]
pub enum Qualifier {
    /// Shortest allowed string, in characters.
    MinLen(u64),
    /// Longest allowed string, in characters.
    MaxLen(u64),
    /// Smallest allowed number, as written.
    MinValue(String),
    /// Largest allowed number, as written.
    MaxValue(String),
    /// The allowed values.
    ValueMap(Vec<ValueMapEntry>),
    /// VMware: an IP address, optionally on a named network.
    Ip(Option<String>),
    /// VMware: a value the platform fills in (`VimIp`, `Net(x)`, `Netmask`, `Dns`, …).
    Platform {
        /// The expression's name.
        name: String,
        /// Its argument, when given.
        argument: Option<String>,
    },
}

/// VMware expressions the platform evaluates at deployment.
const PLATFORM: &[&str] = &[
    "VimIp",
    "Net",
    "AutoIp",
    "Netmask",
    "Gateway",
    "DomainName",
    "HostPrefix",
    "Dns",
    "Subnet",
    "SearchPath",
    "HttpProxy",
];

/// A qualifier that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("qualifier `{text}`: {reason}")]
pub struct QualifierError {
    /// The qualifier as written.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for Qualifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Qualifier::MinLen(n) => write!(f, "MinLen({n})"),
            Qualifier::MaxLen(n) => write!(f, "MaxLen({n})"),
            Qualifier::MinValue(v) => write!(f, "MinValue({v})"),
            Qualifier::MaxValue(v) => write!(f, "MaxValue({v})"),
            Qualifier::ValueMap(entries) => {
                let items: Vec<String> = entries
                    .iter()
                    .map(|e| match e {
                        ValueMapEntry::Value { value } => format!("{value:?}"),
                        ValueMapEntry::Range { from, to } => format!(
                            "{}..{}",
                            from.as_deref().unwrap_or(""),
                            to.as_deref().unwrap_or("")
                        ),
                    })
                    .collect();
                write!(f, "ValueMap{{{}}}", items.join(","))
            }
            Qualifier::Ip(None) => write!(f, "Ip"),
            Qualifier::Ip(Some(network)) => write!(f, "Ip({network:?})"),
            Qualifier::Platform {
                name,
                argument: None,
            } => write!(f, "{name}"),
            Qualifier::Platform {
                name,
                argument: Some(a),
            } => write!(f, "{name}({a})"),
        }
    }
}

/// Parses a qualifier list (entries separated by commas or, as VMware writes them, by
/// spaces); what parses is kept, each malformed entry is an error.
pub fn parse_qualifiers(text: &str) -> (Vec<Qualifier>, Vec<QualifierError>) {
    let mut qualifiers = Vec::new();
    let mut errors = Vec::new();
    match split_top_level(text, &[',', ' ', '\t', '\n', '\r']) {
        Ok(parts) => {
            for part in parts {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                match parse_one(part) {
                    Ok(q) => qualifiers.push(q),
                    Err(reason) => errors.push(QualifierError {
                        text: part.to_owned(),
                        reason,
                    }),
                }
            }
        }
        Err(reason) => errors.push(QualifierError {
            text: text.to_owned(),
            reason,
        }),
    }
    (qualifiers, errors)
}

/// Splits at any of `separators` outside quotes, parentheses and braces.
fn split_top_level<'a>(text: &'a str, separators: &[char]) -> Result<Vec<&'a str>, String> {
    let mut parts = Vec::new();
    let mut depth: Vec<char> = Vec::new();
    let mut quoted = false;
    let mut quote = '"';
    let mut escaped = false;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if quoted {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, q) if q == quote => quoted = false,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                quoted = true;
                quote = c;
            }
            '(' => depth.push(')'),
            '{' => depth.push('}'),
            ')' | '}' if depth.pop() != Some(c) => {
                return Err(format!("unbalanced `{c}`"));
            }
            c if separators.contains(&c) && depth.is_empty() => {
                parts.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    if quoted {
        return Err("a quoted string is not closed".to_owned());
    }
    if let Some(close) = depth.last() {
        return Err(format!("`{close}` is missing"));
    }
    parts.push(&text[start..]);
    Ok(parts)
}

fn parse_one(text: &str) -> Result<Qualifier, String> {
    let (name, open, argument) = match text.find(['(', '{']) {
        Some(at) => {
            let open = text[at..].chars().next().unwrap_or('(');
            let close = if open == '(' { ')' } else { '}' };
            let inner = text[at + 1..]
                .strip_suffix(close)
                .ok_or_else(|| format!("expected it to end with `{close}`"))?;
            (text[..at].trim(), Some(open), Some(inner.trim()))
        }
        None => (text.trim(), None, None),
    };
    let number = |arg: Option<&str>| -> Result<u64, String> {
        let arg = arg.ok_or_else(|| format!("{name} needs a number in parentheses"))?;
        arg.parse::<u64>()
            .map_err(|_| format!("`{arg}` is not a whole number ≥ 0"))
    };
    let numeric = |arg: Option<&str>| -> Result<String, String> {
        let arg = arg.ok_or_else(|| format!("{name} needs a number in parentheses"))?;
        if arg.parse::<f64>().is_ok_and(f64::is_finite) {
            Ok(arg.to_owned())
        } else {
            Err(format!("`{arg}` is not a number"))
        }
    };
    match (name, open) {
        ("MinLen", Some('(')) => Ok(Qualifier::MinLen(number(argument)?)),
        ("MaxLen", Some('(')) => Ok(Qualifier::MaxLen(number(argument)?)),
        ("MinValue", Some('(')) => Ok(Qualifier::MinValue(numeric(argument)?)),
        ("MaxValue", Some('(')) => Ok(Qualifier::MaxValue(numeric(argument)?)),
        ("ValueMap", Some('{')) => value_map(argument.unwrap_or("")).map(Qualifier::ValueMap),
        ("Ip", None) => Ok(Qualifier::Ip(None)),
        ("Ip", Some('(')) => {
            let network = unquote(argument.unwrap_or(""))?;
            Ok(Qualifier::Ip((!network.is_empty()).then_some(network)))
        }
        (n, Some('(') | None) if PLATFORM.contains(&n) => Ok(Qualifier::Platform {
            name: n.to_owned(),
            argument: argument.filter(|a| !a.is_empty()).map(str::to_owned),
        }),
        ("MinLen" | "MaxLen" | "MinValue" | "MaxValue", _) => {
            Err(format!("write it as {name}(number)"))
        }
        ("ValueMap", _) => Err("write it as ValueMap{\"a\",\"b\"}".to_owned()),
        _ => Err(format!(
            "`{name}` is not a qualifier (known: MinLen, MaxLen, ValueMap, MinValue, MaxValue, Ip, and VMware's {})",
            PLATFORM.join(", ")
        )),
    }
}

fn value_map(inner: &str) -> Result<Vec<ValueMapEntry>, String> {
    if inner.trim().is_empty() {
        return Err("ValueMap lists no value".to_owned());
    }
    let mut entries = Vec::new();
    for item in split_top_level(inner, &[','])? {
        let item = item.trim();
        if item.starts_with(['"', '\'']) {
            entries.push(ValueMapEntry::Value {
                value: unquote(item)?,
            });
        } else if item.is_empty() {
            return Err("ValueMap has an empty entry".to_owned());
        } else if let Some((from, to)) = item.split_once("..") {
            let end = |s: &str| -> Result<Option<String>, String> {
                let s = s.trim();
                if s.is_empty() {
                    Ok(None)
                } else if s.parse::<i128>().is_ok() {
                    Ok(Some(s.to_owned()))
                } else {
                    Err(format!("range end `{s}` is not a whole number"))
                }
            };
            entries.push(ValueMapEntry::Range {
                from: end(from)?,
                to: end(to)?,
            });
        } else {
            entries.push(ValueMapEntry::Value {
                value: item.to_owned(),
            });
        }
    }
    Ok(entries)
}

/// `"a \"b\""` → `a "b"` (VMware also quotes with `'`); unquoted text is returned trimmed.
fn unquote(text: &str) -> Result<String, String> {
    let text = text.trim();
    let Some(quote) = text.chars().next().filter(|c| *c == '"' || *c == '\'') else {
        return Ok(text.to_owned());
    };
    let inner = text[1..]
        .strip_suffix(quote)
        .ok_or_else(|| format!("`{text}` is not a closed quoted string"))?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Vec<Qualifier> {
        let (q, errors) = parse_qualifiers(text);
        assert!(errors.is_empty(), "{text}: {errors:?}");
        q
    }

    #[test]
    fn reads_dmtf_qualifiers() {
        assert_eq!(
            ok("MinLen(1),MaxLen(253)"),
            vec![Qualifier::MinLen(1), Qualifier::MaxLen(253)]
        );
        assert_eq!(
            ok("MinValue(-5), MaxValue(1.5)"),
            vec![
                Qualifier::MinValue("-5".into()),
                Qualifier::MaxValue("1.5".into())
            ]
        );
        assert_eq!(
            ok("ValueMap{\"low\", \"medium\",\"hi, there\"}"),
            vec![Qualifier::ValueMap(vec![
                ValueMapEntry::Value {
                    value: "low".into()
                },
                ValueMapEntry::Value {
                    value: "medium".into()
                },
                ValueMapEntry::Value {
                    value: "hi, there".into()
                },
            ])]
        );
        assert_eq!(
            ok("ValueMap{1, 2..4, 10..}"),
            vec![Qualifier::ValueMap(vec![
                ValueMapEntry::Value { value: "1".into() },
                ValueMapEntry::Range {
                    from: Some("2".into()),
                    to: Some("4".into())
                },
                ValueMapEntry::Range {
                    from: Some("10".into()),
                    to: None
                },
            ])]
        );
    }

    #[test]
    fn reads_vmware_ip_and_platform_expressions() {
        assert_eq!(ok("Ip"), vec![Qualifier::Ip(None)]);
        assert_eq!(ok("Ip()"), vec![Qualifier::Ip(None)]);
        assert_eq!(
            ok("Ip(Management)"),
            vec![Qualifier::Ip(Some("Management".into()))]
        );
        assert_eq!(
            ok("Ip('VM Network')"),
            vec![Qualifier::Ip(Some("VM Network".into()))]
        );
        assert_eq!(
            ok("Ip(\"VM Network\")"),
            vec![Qualifier::Ip(Some("VM Network".into()))]
        );
        assert_eq!(
            ok("Net(Management)"),
            vec![Qualifier::Platform {
                name: "Net".into(),
                argument: Some("Management".into())
            }]
        );
        assert_eq!(ok("").len(), 0);
        assert_eq!(
            ok("MinValue(10) MaxValue(1000)"),
            vec![
                Qualifier::MinValue("10".into()),
                Qualifier::MaxValue("1000".into())
            ]
        );
    }

    #[test]
    fn malformed_qualifiers_are_errors_and_the_rest_is_kept() {
        let (q, errors) = parse_qualifiers("MinLen(x),MaxLen(4),Bogus(1),ValueMap{}");
        assert_eq!(q, vec![Qualifier::MaxLen(4)]);
        assert_eq!(errors.len(), 3);
        assert!(errors[0].to_string().contains("not a whole number"));
        assert!(errors[1].to_string().contains("not a qualifier"));
        let (_, errors) = parse_qualifiers("MinLen(1");
        assert_eq!(errors.len(), 1);
        let (_, errors) = parse_qualifiers("ValueMap{\"a}");
        assert_eq!(errors.len(), 1);
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "MinLen(1)",
            "ValueMap{\"a\",\"b\"}",
            "Ip",
            "Ip(\"net\")",
            "MaxValue(10)",
        ] {
            let q = ok(text);
            assert_eq!(q[0].to_string(), text);
        }
    }
}
