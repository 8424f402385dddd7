//! A place in a source text, as every loader records it and every report shows it.

/// Where a node, key or finding sits in its source text: 1-based line and column, plus byte range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// 1-based line of the first character.
    pub line: u32,
    /// 1-based column (in characters) of the first character.
    pub column: u32,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// The start of a file (line 1, column 1, no width): where findings about a whole file
    /// or a file that is not text are placed.
    pub const START: Span = Span {
        line: 1,
        column: 1,
        start: 0,
        end: 0,
    };
}
