//! Property types of DSP0243 (CIM intrinsic types) and VMware's aliases.

use serde::Serialize;

/// The type of a ProductSection property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PropertyType {
    /// Text.
    String,
    /// `true` or `false`.
    Boolean,
    /// 0 … 255.
    Uint8,
    /// −128 … 127.
    Sint8,
    /// 0 … 65 535.
    Uint16,
    /// −32 768 … 32 767.
    Sint16,
    /// 0 … 4 294 967 295.
    Uint32,
    /// −2 147 483 648 … 2 147 483 647.
    Sint32,
    /// 0 … 2^64 − 1.
    Uint64,
    /// −2^63 … 2^63 − 1.
    Sint64,
    /// IEEE single precision.
    Real32,
    /// IEEE double precision.
    Real64,
}

impl PropertyType {
    /// Reads `ovf:type` case-insensitively (DSP0243's tables capitalise some names);
    /// VMware's `int` is a signed 32-bit integer and `real` a double.
    pub fn parse(text: &str) -> Option<PropertyType> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "string" => PropertyType::String,
            "boolean" => PropertyType::Boolean,
            "uint8" => PropertyType::Uint8,
            "sint8" => PropertyType::Sint8,
            "uint16" => PropertyType::Uint16,
            "sint16" => PropertyType::Sint16,
            "uint32" => PropertyType::Uint32,
            "sint32" | "int" => PropertyType::Sint32,
            "uint64" => PropertyType::Uint64,
            "sint64" => PropertyType::Sint64,
            "real32" => PropertyType::Real32,
            "real64" | "real" => PropertyType::Real64,
            _ => return None,
        })
    }

    /// The DSP0243 name.
    pub fn name(self) -> &'static str {
        match self {
            PropertyType::String => "string",
            PropertyType::Boolean => "boolean",
            PropertyType::Uint8 => "uint8",
            PropertyType::Sint8 => "sint8",
            PropertyType::Uint16 => "uint16",
            PropertyType::Sint16 => "sint16",
            PropertyType::Uint32 => "uint32",
            PropertyType::Sint32 => "sint32",
            PropertyType::Uint64 => "uint64",
            PropertyType::Sint64 => "sint64",
            PropertyType::Real32 => "real32",
            PropertyType::Real64 => "real64",
        }
    }

    /// The inclusive range of an integer type.
    pub fn integer_range(self) -> Option<(i128, i128)> {
        Some(match self {
            PropertyType::Uint8 => (0, u8::MAX.into()),
            PropertyType::Sint8 => (i8::MIN.into(), i8::MAX.into()),
            PropertyType::Uint16 => (0, u16::MAX.into()),
            PropertyType::Sint16 => (i16::MIN.into(), i16::MAX.into()),
            PropertyType::Uint32 => (0, u32::MAX.into()),
            PropertyType::Sint32 => (i32::MIN.into(), i32::MAX.into()),
            PropertyType::Uint64 => (0, u64::MAX.into()),
            PropertyType::Sint64 => (i64::MIN.into(), i64::MAX.into()),
            _ => return None,
        })
    }

    /// True for integer and real types.
    pub fn is_numeric(self) -> bool {
        self.integer_range().is_some() || self.is_real()
    }

    /// True for real32 and real64.
    pub fn is_real(self) -> bool {
        matches!(self, PropertyType::Real32 | PropertyType::Real64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_type_case_insensitively_with_vmware_aliases() {
        for name in [
            "string", "boolean", "uint8", "sint8", "uint16", "sint16", "uint32", "sint32",
            "uint64", "sint64", "real32", "real64",
        ] {
            assert_eq!(
                PropertyType::parse(name).map(PropertyType::name),
                Some(name)
            );
        }
        assert_eq!(PropertyType::parse("String"), Some(PropertyType::String));
        assert_eq!(PropertyType::parse("int"), Some(PropertyType::Sint32));
        assert_eq!(PropertyType::parse("real"), Some(PropertyType::Real64));
        assert_eq!(PropertyType::parse("nosuchtype"), None);
        assert_eq!(PropertyType::parse(""), None);
    }

    #[test]
    fn integer_ranges_cover_full_64_bits() {
        assert_eq!(
            PropertyType::Uint64.integer_range(),
            Some((0, u64::MAX as i128))
        );
        assert_eq!(
            PropertyType::Sint64.integer_range(),
            Some((i64::MIN as i128, i64::MAX as i128))
        );
    }
}
