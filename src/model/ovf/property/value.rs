//! Checking a candidate value against a property's type and qualifiers, with a message the
//! operator can act on; and checking that the qualifiers themselves fit the type.

use std::net::IpAddr;

use super::qualifiers::{Qualifier, ValueMapEntry};
use super::types::PropertyType;

/// Why a value is not acceptable for a property.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ValueError {
    /// Not `true` or `false`.
    #[error("`{value}` is not a boolean; answer true or false")]
    NotBoolean {
        /// The value given.
        value: String,
    },
    /// Nothing given where a number is expected.
    #[error("needs a value: {expected}")]
    Empty {
        /// What is accepted, in words (`a whole number from 68 to 9000`).
        expected: String,
    },
    /// Not a whole number, or outside the type's range.
    #[error("`{value}` is not a {type_name}: give a whole number from {min} to {max}")]
    NotInteger {
        /// The value given.
        value: String,
        /// The property's type.
        type_name: &'static str,
        /// The smallest value accepted (the type's, or `MinValue`'s when it says more).
        min: String,
        /// The largest value accepted (the type's, or `MaxValue`'s).
        max: String,
    },
    /// Not a finite number of the real type.
    #[error("`{value}` is not a {type_name}: give a decimal number such as 0.5 or 1e3")]
    NotReal {
        /// The value given.
        value: String,
        /// The property's type.
        type_name: &'static str,
    },
    /// Shorter than `MinLen`.
    #[error("`{value}` has {}; at least {min} {} needed", characters(*length), if *min == 1 { "is" } else { "are" })]
    TooShort {
        /// The value given.
        value: String,
        /// Its length in characters.
        length: usize,
        /// The qualifier's bound.
        min: u64,
    },
    /// Longer than `MaxLen`.
    #[error("the value has {}; at most {max} {} allowed", characters(*length), if *max == 1 { "is" } else { "are" })]
    TooLong {
        /// Its length in characters.
        length: usize,
        /// The qualifier's bound.
        max: u64,
    },
    /// Below `MinValue`.
    #[error("`{value}` is below the smallest value allowed, {min}")]
    BelowMin {
        /// The value given.
        value: String,
        /// The bound as written.
        min: String,
    },
    /// Above `MaxValue`.
    #[error("`{value}` is above the largest value allowed, {max}")]
    AboveMax {
        /// The value given.
        value: String,
        /// The bound as written.
        max: String,
    },
    /// Not listed in `ValueMap`.
    #[error("`{value}` is not one of the allowed values: {allowed}")]
    NotInValueMap {
        /// The value given.
        value: String,
        /// The allowed values, listed.
        allowed: String,
    },
    /// Not an IP address.
    #[error("`{value}` is not an IPv4 or IPv6 address")]
    NotIp {
        /// The value given.
        value: String,
    },
}

/// `1 character`, `3 characters`.
fn characters(count: usize) -> String {
    if count == 1 {
        "1 character".to_owned()
    } else {
        format!("{count} characters")
    }
}

impl ValueError {
    /// The rule the value breaks, as the descriptor names it (`uint16`, `MinLen(12)`,
    /// `ValueMap`, `Ip`, …).
    pub fn rule(&self) -> String {
        match self {
            ValueError::NotBoolean { .. } => "boolean".to_owned(),
            ValueError::Empty { .. } => "required".to_owned(),
            ValueError::NotInteger { type_name, .. } | ValueError::NotReal { type_name, .. } => {
                (*type_name).to_owned()
            }
            ValueError::TooShort { min, .. } => format!("MinLen({min})"),
            ValueError::TooLong { max, .. } => format!("MaxLen({max})"),
            ValueError::BelowMin { min, .. } => format!("MinValue({min})"),
            ValueError::AboveMax { max, .. } => format!("MaxValue({max})"),
            ValueError::NotInValueMap { .. } => "ValueMap".to_owned(),
            ValueError::NotIp { .. } => "Ip".to_owned(),
        }
    }

    /// The problem without the value itself, for passwords.
    pub fn redacted(&self) -> String {
        match self {
            ValueError::NotBoolean { .. } => "the value is not a boolean".to_owned(),
            ValueError::Empty { .. } | ValueError::TooLong { .. } => self.to_string(),
            ValueError::NotInteger {
                type_name,
                min,
                max,
                ..
            } => format!("the value is not a {type_name}: give a whole number from {min} to {max}"),
            ValueError::NotReal { type_name, .. } => format!("the value is not a {type_name}"),
            ValueError::TooShort { length, min, .. } => format!(
                "the value has {}; at least {min} {} needed",
                characters(*length),
                if *min == 1 { "is" } else { "are" }
            ),
            ValueError::BelowMin { min, .. } => {
                format!("the value is below the smallest value allowed, {min}")
            }
            ValueError::AboveMax { max, .. } => {
                format!("the value is above the largest value allowed, {max}")
            }
            ValueError::NotInValueMap { .. } => {
                "the value is not one of the allowed values".to_owned()
            }
            ValueError::NotIp { .. } => "the value is not an IPv4 or IPv6 address".to_owned(),
        }
    }
}

/// What values a property accepts, in words, for messages and forms: its type's range
/// and each qualifier (`a whole number from 0 to 65535`, `one of "small", "large"`).
pub fn valid_values(property_type: PropertyType, qualifiers: &[Qualifier]) -> Vec<String> {
    let mut out = Vec::new();
    let min_len = qualifiers.iter().find_map(|q| match q {
        Qualifier::MinLen(n) => Some(*n),
        _ => None,
    });
    let max_len = qualifiers.iter().find_map(|q| match q {
        Qualifier::MaxLen(n) => Some(*n),
        _ => None,
    });
    let min_value = qualifiers.iter().find_map(|q| match q {
        Qualifier::MinValue(v) => Some(v.clone()),
        _ => None,
    });
    let max_value = qualifiers.iter().find_map(|q| match q {
        Qualifier::MaxValue(v) => Some(v.clone()),
        _ => None,
    });
    match property_type {
        PropertyType::String => match (min_len, max_len) {
            (Some(min), Some(max)) => out.push(format!("text of {min} to {max} characters")),
            (Some(min), None) => out.push(format!("text of at least {min} characters")),
            (None, Some(max)) => out.push(format!("text of at most {max} characters")),
            (None, None) => {}
        },
        PropertyType::Boolean => out.push("true or false".to_owned()),
        t if t.is_real() => {
            let mut text = format!("a {} number", t.name());
            if let Some(min) = &min_value {
                text.push_str(&format!(" from {min}"));
            }
            if let Some(max) = &max_value {
                text.push_str(&format!(" up to {max}"));
            }
            out.push(text);
        }
        integer => {
            let (low, high) = integer.integer_range().unwrap_or((0, 0));
            let low = min_value.unwrap_or_else(|| low.to_string());
            let high = max_value.unwrap_or_else(|| high.to_string());
            out.push(format!("a whole number from {low} to {high}"));
        }
    }
    for qualifier in qualifiers {
        match qualifier {
            Qualifier::ValueMap(_) => out.push(format!(
                "one of {}",
                qualifier
                    .to_string()
                    .trim_start_matches("ValueMap{")
                    .trim_end_matches('}')
            )),
            Qualifier::Ip(_) => out.push("an IPv4 or IPv6 address".to_owned()),
            _ => {}
        }
    }
    out
}

/// Checks `value` against the type and every qualifier; the first failure is returned.
pub fn check_value(
    property_type: PropertyType,
    qualifiers: &[Qualifier],
    value: &str,
) -> Result<(), ValueError> {
    check_type(property_type, qualifiers, value)?;
    for qualifier in qualifiers {
        check_qualifier(property_type, qualifier, value)?;
    }
    Ok(())
}

fn check_type(
    property_type: PropertyType,
    qualifiers: &[Qualifier],
    value: &str,
) -> Result<(), ValueError> {
    if property_type != PropertyType::String && value.trim().is_empty() {
        let expected = valid_values(property_type, qualifiers)
            .into_iter()
            .next()
            .unwrap_or_else(|| format!("a {}", property_type.name()));
        return Err(ValueError::Empty { expected });
    }
    match property_type {
        PropertyType::String => Ok(()),
        PropertyType::Boolean => {
            parse_bool(value)
                .map(|_| ())
                .ok_or_else(|| ValueError::NotBoolean {
                    value: value.to_owned(),
                })
        }
        PropertyType::Real32 | PropertyType::Real64 => {
            let number = parse_real(value).ok_or_else(|| not_real(property_type, value))?;
            if property_type == PropertyType::Real32 && number.abs() > f64::from(f32::MAX) {
                return Err(not_real(property_type, value));
            }
            Ok(())
        }
        integer => {
            let (min, max) = integer.integer_range().unwrap_or((0, 0));
            match value.trim().parse::<i128>() {
                Ok(n) if (min..=max).contains(&n) => Ok(()),
                _ => {
                    // The bounds the property accepts: its MinValue and MaxValue when set.
                    let bound = |pick: fn(&Qualifier) -> Option<&String>, fallback: i128| {
                        qualifiers
                            .iter()
                            .find_map(pick)
                            .cloned()
                            .unwrap_or_else(|| fallback.to_string())
                    };
                    Err(ValueError::NotInteger {
                        value: value.to_owned(),
                        type_name: integer.name(),
                        min: bound(
                            |q| match q {
                                Qualifier::MinValue(v) => Some(v),
                                _ => None,
                            },
                            min,
                        ),
                        max: bound(
                            |q| match q {
                                Qualifier::MaxValue(v) => Some(v),
                                _ => None,
                            },
                            max,
                        ),
                    })
                }
            }
        }
    }
}

fn not_real(property_type: PropertyType, value: &str) -> ValueError {
    ValueError::NotReal {
        value: value.to_owned(),
        type_name: property_type.name(),
    }
}

/// `true`/`false` in any case, as OVF environments write them (`True`, `false`).
pub fn parse_bool(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

fn parse_real(value: &str) -> Option<f64> {
    value.trim().parse::<f64>().ok().filter(|n| n.is_finite())
}

/// Compares two numbers of the property's type; `None` when either does not parse.
fn compare(property_type: PropertyType, a: &str, b: &str) -> Option<std::cmp::Ordering> {
    if property_type.is_real() {
        parse_real(a)?.partial_cmp(&parse_real(b)?)
    } else {
        let a: i128 = a.trim().parse().ok()?;
        let b: i128 = b.trim().parse().ok()?;
        Some(a.cmp(&b))
    }
}

fn check_qualifier(
    property_type: PropertyType,
    qualifier: &Qualifier,
    value: &str,
) -> Result<(), ValueError> {
    use std::cmp::Ordering::{Greater, Less};
    let length = value.chars().count();
    match qualifier {
        Qualifier::MinLen(min) if (length as u64) < *min => Err(ValueError::TooShort {
            value: value.to_owned(),
            length,
            min: *min,
        }),
        Qualifier::MaxLen(max) if length as u64 > *max => {
            Err(ValueError::TooLong { length, max: *max })
        }
        Qualifier::MinValue(min) if compare(property_type, value, min) == Some(Less) => {
            Err(ValueError::BelowMin {
                value: value.to_owned(),
                min: min.clone(),
            })
        }
        Qualifier::MaxValue(max) if compare(property_type, value, max) == Some(Greater) => {
            Err(ValueError::AboveMax {
                value: value.to_owned(),
                max: max.clone(),
            })
        }
        Qualifier::ValueMap(entries) if !in_value_map(property_type, entries, value) => {
            Err(ValueError::NotInValueMap {
                value: value.to_owned(),
                allowed: Qualifier::ValueMap(entries.clone())
                    .to_string()
                    .trim_start_matches("ValueMap{")
                    .trim_end_matches('}')
                    .to_owned(),
            })
        }
        Qualifier::Ip(_) if value.trim().parse::<IpAddr>().is_err() => Err(ValueError::NotIp {
            value: value.to_owned(),
        }),
        _ => Ok(()),
    }
}

fn in_value_map(property_type: PropertyType, entries: &[ValueMapEntry], value: &str) -> bool {
    use std::cmp::Ordering::{Greater, Less};
    entries.iter().any(|entry| match entry {
        ValueMapEntry::Value { value: allowed } => {
            allowed == value
                || (property_type.is_numeric()
                    && compare(property_type, allowed, value) == Some(std::cmp::Ordering::Equal))
        }
        ValueMapEntry::Range { from, to } => {
            let above = from
                .as_deref()
                .is_none_or(|f| matches!(compare(property_type, value, f), Some(o) if o != Less));
            let below = to.as_deref().is_none_or(
                |t| matches!(compare(property_type, value, t), Some(o) if o != Greater),
            );
            property_type.is_numeric()
                && compare(property_type, value, value).is_some()
                && above
                && below
        }
    })
}

/// Problems with the qualifiers themselves for this type: a bound that does not apply, a
/// bound or allowed value that is not of the type, or a minimum above its maximum.
pub fn qualifier_conflicts(property_type: PropertyType, qualifiers: &[Qualifier]) -> Vec<String> {
    let mut problems = Vec::new();
    let type_name = property_type.name();
    let mut min_len = None;
    let mut max_len = None;
    let mut min_value = None;
    let mut max_value = None;
    for qualifier in qualifiers {
        match qualifier {
            Qualifier::MinLen(n) | Qualifier::MaxLen(n) => {
                if property_type != PropertyType::String {
                    problems.push(format!(
                        "{qualifier} applies to strings, not to {type_name}"
                    ));
                }
                if matches!(qualifier, Qualifier::MinLen(_)) {
                    min_len = Some(*n);
                } else {
                    max_len = Some(*n);
                }
            }
            Qualifier::MinValue(v) | Qualifier::MaxValue(v) => {
                if !property_type.is_numeric() {
                    problems.push(format!(
                        "{qualifier} applies to numbers, not to {type_name}"
                    ));
                } else if let Err(e) = check_type(property_type, &[], v) {
                    problems.push(format!("{qualifier}: {e}"));
                } else if matches!(qualifier, Qualifier::MinValue(_)) {
                    min_value = Some(v.clone());
                } else {
                    max_value = Some(v.clone());
                }
            }
            Qualifier::ValueMap(entries) => {
                for entry in entries {
                    let values: Vec<&str> = match entry {
                        ValueMapEntry::Value { value } => vec![value.as_str()],
                        ValueMapEntry::Range { from, to } => {
                            if !property_type.is_numeric() {
                                problems.push(format!(
                                    "a ValueMap range applies to numbers, not to {type_name}"
                                ));
                            }
                            from.iter().chain(to.iter()).map(String::as_str).collect()
                        }
                    };
                    for v in values {
                        if let Err(e) = check_type(property_type, &[], v) {
                            problems.push(format!("ValueMap entry: {e}"));
                        }
                    }
                }
            }
            Qualifier::Ip(_) | Qualifier::Platform { .. } => {
                if property_type != PropertyType::String {
                    problems.push(format!(
                        "{qualifier} applies to strings, not to {type_name}"
                    ));
                }
            }
        }
    }
    if let (Some(min), Some(max)) = (min_len, max_len)
        && min > max
    {
        problems.push(format!("MinLen({min}) is greater than MaxLen({max})"));
    }
    if let (Some(min), Some(max)) = (&min_value, &max_value)
        && compare(property_type, min, max) == Some(std::cmp::Ordering::Greater)
    {
        problems.push(format!("MinValue({min}) is greater than MaxValue({max})"));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ovf::property::qualifiers::parse_qualifiers;

    fn check(type_name: &str, qualifiers: &str, value: &str) -> Result<(), ValueError> {
        let (q, errors) = parse_qualifiers(qualifiers);
        assert!(errors.is_empty());
        check_value(PropertyType::parse(type_name).unwrap(), &q, value)
    }

    #[test]
    fn types_are_checked_over_their_full_ranges() {
        assert!(check("uint8", "", "255").is_ok());
        assert!(check("uint8", "", "256").is_err());
        assert!(check("sint8", "", "-128").is_ok());
        assert!(check("uint64", "", "18446744073709551615").is_ok());
        assert!(check("uint64", "", "18446744073709551616").is_err());
        assert!(check("sint64", "", "-9223372036854775808").is_ok());
        assert!(check("sint64", "", "9223372036854775808").is_err());
        assert!(check("uint16", "", "-1").is_err());
        assert!(check("boolean", "", "True").is_ok());
        assert!(check("boolean", "", "yes").is_err());
        assert!(check("real32", "", "1e39").is_err());
        assert!(check("real64", "", "1e39").is_ok());
        assert!(check("real64", "", "NaN").is_err());
        let error = check("uint16", "", "70000").unwrap_err();
        assert_eq!(error.rule(), "uint16");
        let message = error.to_string();
        assert_eq!(
            message,
            "`70000` is not a uint16: give a whole number from 0 to 65535"
        );
    }

    #[test]
    fn qualifiers_are_checked_with_precise_messages() {
        assert_eq!(
            check("string", "MinLen(5)", "abc").unwrap_err().to_string(),
            "`abc` has 3 characters; at least 5 are needed"
        );
        assert!(check("string", "MaxLen(3)", "abcd").is_err());
        assert!(check("string", "MaxLen(3)", "äöü").is_ok());
        assert_eq!(
            check("uint16", "MinValue(1),MaxValue(65535)", "0")
                .unwrap_err()
                .to_string(),
            "`0` is below the smallest value allowed, 1"
        );
        assert_eq!(
            check("string", "MinLen(2)", "a").unwrap_err().to_string(),
            "`a` has 1 character; at least 2 are needed"
        );
        assert_eq!(
            check("string", "MaxLen(1)", "ab").unwrap_err().to_string(),
            "the value has 2 characters; at most 1 is allowed"
        );
        // An empty MTU names the field's range, not the type's.
        let empty = check("uint16", "MinValue(68),MaxValue(9000)", "").unwrap_err();
        assert_eq!(
            empty.to_string(),
            "needs a value: a whole number from 68 to 9000"
        );
        assert_eq!(empty.rule(), "required");
        assert_eq!(
            check("uint16", "MinValue(68),MaxValue(9000)", "x")
                .unwrap_err()
                .to_string(),
            "`x` is not a uint16: give a whole number from 68 to 9000"
        );
        assert!(check("real64", "MaxValue(1)", "1.5").is_err());
        assert_eq!(
            check("string", "ValueMap{\"low\",\"high\"}", "mid")
                .unwrap_err()
                .to_string(),
            "`mid` is not one of the allowed values: \"low\",\"high\""
        );
        assert!(check("sint32", "ValueMap{1,2..4}", "3").is_ok());
        assert!(check("sint32", "ValueMap{1,2..4}", "5").is_err());
        assert!(check("string", "Ip", "10.0.0.1").is_ok());
        assert!(check("string", "Ip(\"oam\")", "2001:db8::1").is_ok());
        assert!(check("string", "Ip", "10.0.0.300").is_err());
    }

    #[test]
    fn rules_and_redacted_messages_leave_the_value_out() {
        let error = check("string", "MinLen(12)", "hunter2").unwrap_err();
        assert_eq!(error.rule(), "MinLen(12)");
        assert!(!error.redacted().contains("hunter2"));
        let error = check("string", "ValueMap{\"a\",\"b\"}", "secret").unwrap_err();
        assert_eq!(error.rule(), "ValueMap");
        assert!(!error.redacted().contains("secret"));
    }

    #[test]
    fn valid_values_describe_type_and_qualifiers() {
        let (q, _) = crate::model::ovf::property::parse_qualifiers("MinLen(3),MaxLen(8)");
        assert_eq!(
            valid_values(PropertyType::String, &q),
            ["text of 3 to 8 characters"]
        );
        assert_eq!(
            valid_values(PropertyType::Uint16, &[]),
            ["a whole number from 0 to 65535"]
        );
        let (q, _) = crate::model::ovf::property::parse_qualifiers("ValueMap{\"small\",\"large\"}");
        assert_eq!(
            valid_values(PropertyType::String, &q),
            ["one of \"small\",\"large\""]
        );
    }

    #[test]
    fn qualifier_conflicts_name_the_problem() {
        let (q, _) = parse_qualifiers("MinLen(5),MaxLen(2)");
        assert_eq!(
            qualifier_conflicts(PropertyType::String, &q),
            vec!["MinLen(5) is greater than MaxLen(2)"]
        );
        let (q, _) = parse_qualifiers("MinLen(1)");
        assert_eq!(qualifier_conflicts(PropertyType::Uint8, &q).len(), 1);
        let (q, _) = parse_qualifiers("MaxValue(300)");
        assert_eq!(qualifier_conflicts(PropertyType::Uint8, &q).len(), 1);
        let (q, _) = parse_qualifiers("ValueMap{\"a\"}");
        assert_eq!(qualifier_conflicts(PropertyType::Uint8, &q).len(), 1);
        let (q, _) = parse_qualifiers("MinValue(1),MaxValue(65535)");
        assert!(qualifier_conflicts(PropertyType::Uint16, &q).is_empty());
    }
}
