//! The five HOT parameter types and their names in templates.

use std::fmt;

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
