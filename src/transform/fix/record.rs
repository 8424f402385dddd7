//! A fix the operator applied, as the answers file records and replays it.

/// A fix the operator applied, by the violation it answered: `fixes:` in the answers file,
/// replayed in order by `onboard --answers`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct FixRecord {
    /// The rule id of the violation.
    pub rule: String,
    /// Its file, relative to the set's root.
    pub file: String,
    /// Its dotted key path.
    pub path: String,
    /// Its 1-based line when the fix was applied.
    pub line: u32,
    /// Its 1-based column.
    pub column: u32,
    /// Text the operator typed for the fix (a description).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
