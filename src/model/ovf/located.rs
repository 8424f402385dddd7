//! A value with the place it was written, for violations that point at it.

use serde::{Serialize, Serializer};

use crate::foundation::diagnostics::Span;

/// A value and its position in the descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it is written.
    pub span: Span,
}

impl<T> Located<T> {
    /// Pairs a value with its place.
    pub fn new(value: T, span: Span) -> Located<T> {
        Located { value, span }
    }
}

/// Serialises as the bare value; positions are for violations, not for reports.
impl<T: Serialize> Serialize for Located<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}
