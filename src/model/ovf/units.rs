//! Allocation units (`byte * 2^20`, `hertz * 10^6`) read by DSP0004's programmatic-unit
//! grammar, plus the legacy names (`MegaBytes`) old descriptors use.

use serde::Serialize;

/// The quantity a unit measures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BaseUnit {
    /// Bytes (memory, disk).
    Byte,
    /// Bits.
    Bit,
    /// Hertz (CPU speed).
    Hertz,
    /// A bare number (`count`, or only a multiplier).
    Count,
    /// Another DSP0004 unit, kept as written.
    Other(String),
}

/// A parsed unit: base unit times `factor · 2^pow2 · 10^pow10`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AllocationUnits {
    /// The text as written.
    pub text: String,
    /// What it measures.
    pub base: BaseUnit,
    /// Power of two of the multiplier.
    pub pow2: i32,
    /// Power of ten of the multiplier.
    pub pow10: i32,
    /// Any other whole factor.
    pub factor: u64,
    /// True for a pre-DSP0004 name such as `MegaBytes` (accepted, with a warning).
    pub legacy: bool,
}

/// A unit string that follows no grammar vnfwiz knows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a unit by DSP0004's grammar ({reason}); write it as `byte * 2^20`, `byte * 2^30` or `hertz * 10^6`"
)]
pub struct UnitsError {
    /// The text as written.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

/// Largest exponent accepted (2^64 already exceeds any quantity that fits in u64).
const MAX_EXPONENT: i32 = 64;

impl AllocationUnits {
    /// Parses a unit string.
    pub fn parse(text: &str) -> Result<AllocationUnits, UnitsError> {
        let error = |reason: &str| UnitsError {
            text: text.to_owned(),
            reason: reason.to_owned(),
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(error("it is empty"));
        }
        if let Some(legacy) = legacy(trimmed) {
            return Ok(legacy);
        }
        let mut units = AllocationUnits {
            text: text.to_owned(),
            base: BaseUnit::Count,
            pow2: 0,
            pow10: 0,
            factor: 1,
            legacy: false,
        };
        let mut base_seen = false;
        let mut divide = false;
        let mut rest = trimmed;
        loop {
            let (term, after) = split_term(rest);
            // Spaces may surround `^` (`2 ^ 20`), never split a name or a number.
            let term = term.split('^').map(str::trim).collect::<Vec<_>>().join("^");
            if term.is_empty() {
                return Err(error("an operator has nothing on one side"));
            }
            if term.contains(char::is_whitespace) {
                return Err(error(&format!("`{term}` has a space inside")));
            }
            let sign = if divide { -1 } else { 1 };
            if term.starts_with(|c: char| c.is_ascii_digit()) {
                units.apply_number(&term, sign).map_err(|r| error(&r))?;
            } else {
                if base_seen || divide {
                    return Err(error(
                        "only one unit name may appear, first and not divided",
                    ));
                }
                if !term.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
                    return Err(error(&format!(
                        "`{term}` is neither a unit name nor a number"
                    )));
                }
                units.base = base_unit(&term);
                base_seen = true;
            }
            match after {
                None => break,
                Some((op, next)) => {
                    divide = op == '/';
                    rest = next;
                }
            }
        }
        Ok(units)
    }

    fn apply_number(&mut self, term: &str, sign: i32) -> Result<(), String> {
        let (base, exponent) = match term.split_once('^') {
            Some((b, e)) => (
                b,
                e.parse::<i32>()
                    .map_err(|_| format!("`{e}` is not a whole exponent"))?,
            ),
            None => (term, 1),
        };
        if exponent.abs() > MAX_EXPONENT {
            return Err(format!("exponent {exponent} is out of range"));
        }
        let base: u64 = base
            .parse()
            .map_err(|_| format!("`{base}` is not a whole number"))?;
        let exponent = exponent * sign;
        match base {
            2 => self.pow2 += exponent,
            10 => self.pow10 += exponent,
            0 => return Err("a factor of zero".to_owned()),
            1 => {}
            other if exponent >= 0 => {
                let power = other
                    .checked_pow(exponent.unsigned_abs())
                    .ok_or_else(|| format!("`{term}` is too large"))?;
                self.factor = self
                    .factor
                    .checked_mul(power)
                    .ok_or_else(|| format!("`{term}` is too large"))?;
            }
            _ => return Err(format!("dividing by `{term}` is not supported")),
        }
        Ok(())
    }

    /// `quantity` of this unit in base units, rounded up; `None` when it overflows.
    pub fn to_base(&self, quantity: u64) -> Option<u128> {
        let mut numerator = u128::from(quantity).checked_mul(u128::from(self.factor))?;
        let mut denominator: u128 = 1;
        let two = 2u128.checked_pow(self.pow2.unsigned_abs())?;
        let ten = 10u128.checked_pow(self.pow10.unsigned_abs())?;
        if self.pow2 >= 0 {
            numerator = numerator.checked_mul(two)?;
        } else {
            denominator = denominator.checked_mul(two)?;
        }
        if self.pow10 >= 0 {
            numerator = numerator.checked_mul(ten)?;
        } else {
            denominator = denominator.checked_mul(ten)?;
        }
        Some(numerator.div_ceil(denominator))
    }

    /// `quantity` in bytes, when this is a byte unit.
    pub fn bytes(&self, quantity: u64) -> Option<u128> {
        (self.base == BaseUnit::Byte)
            .then(|| self.to_base(quantity))
            .flatten()
    }
}

/// Splits at the first top-level `*` or `/`.
fn split_term(text: &str) -> (&str, Option<(char, &str)>) {
    match text.find(['*', '/']) {
        Some(at) => {
            let op = text[at..].chars().next().unwrap_or('*');
            (&text[..at], Some((op, &text[at + 1..])))
        }
        None => (text, None),
    }
}

fn base_unit(word: &str) -> BaseUnit {
    match word.to_ascii_lowercase().as_str() {
        "byte" | "bytes" => BaseUnit::Byte,
        "bit" | "bits" => BaseUnit::Bit,
        "hertz" | "hz" => BaseUnit::Hertz,
        "count" => BaseUnit::Count,
        _ => BaseUnit::Other(word.to_owned()),
    }
}

/// The names OVF 0.9 and early tools wrote instead of DSP0004 units.
fn legacy(text: &str) -> Option<AllocationUnits> {
    let (base, pow2, pow10) = match text.to_ascii_lowercase().as_str() {
        "kilobytes" => (BaseUnit::Byte, 10, 0),
        "megabytes" => (BaseUnit::Byte, 20, 0),
        "gigabytes" => (BaseUnit::Byte, 30, 0),
        "megahertz" => (BaseUnit::Hertz, 0, 6),
        "gigahertz" => (BaseUnit::Hertz, 0, 9),
        _ => return None,
    };
    Some(AllocationUnits {
        text: text.to_owned(),
        base,
        pow2,
        pow10,
        factor: 1,
        legacy: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(text: &str, quantity: u64) -> Option<u128> {
        AllocationUnits::parse(text).unwrap().bytes(quantity)
    }

    #[test]
    fn reads_the_forms_real_descriptors_use() {
        assert_eq!(bytes("byte * 2^20", 512), Some(512 << 20));
        assert_eq!(bytes("byte*2^30", 2), Some(2 << 30));
        assert_eq!(bytes("byte * 2 ^ 30", 2), Some(2 << 30));
        assert_eq!(bytes("byte", 1024), Some(1024));
        assert_eq!(bytes("byte * 10^3", 4), Some(4000));
        let hz = AllocationUnits::parse("Hertz*10^9").unwrap();
        assert_eq!(hz.base, BaseUnit::Hertz);
        assert_eq!(hz.to_base(2), Some(2_000_000_000));
        assert_eq!(
            AllocationUnits::parse("hertz * 10^6").unwrap().to_base(1),
            Some(1_000_000)
        );
    }

    #[test]
    fn legacy_names_are_read_and_marked() {
        let mb = AllocationUnits::parse("MegaBytes").unwrap();
        assert!(mb.legacy);
        assert_eq!(mb.bytes(8192), Some(8192 << 20));
        assert_eq!(bytes("KiloBytes", 1), Some(1024));
        assert_eq!(bytes("GigaBytes", 1), Some(1 << 30));
        assert!(AllocationUnits::parse("MegaHertz").unwrap().legacy);
    }

    #[test]
    fn bad_units_are_errors_with_the_reason() {
        for bad in [
            "",
            "byte * ",
            "byte * 2^x",
            "byte byte",
            "byte * two",
            "2^99 * byte",
        ] {
            assert!(AllocationUnits::parse(bad).is_err(), "{bad}");
        }
        assert!(AllocationUnits::parse("byte * 2^20 * byte").is_err());
    }

    #[test]
    fn overflow_and_fractions_are_handled() {
        assert_eq!(bytes("byte * 2^64 * 2^64", u64::MAX), None);
        assert_eq!(bytes("byte / 2^10", 1), Some(1));
        assert_eq!(
            AllocationUnits::parse("hertz").unwrap().bytes(1),
            None,
            "hertz is not bytes"
        );
    }
}
