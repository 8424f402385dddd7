//! Places in a text as the protocol gives them (line and UTF-16 code unit, 0-based) and as
//! the model records them (byte offsets; 1-based line and column in characters).

use lsp_types::{Position, Range};

use crate::foundation::diagnostics::{LineIndex, Span};

/// One text with its line index, for turning protocol positions into byte offsets and back.
pub struct LineMap<'t> {
    text: &'t str,
    index: LineIndex,
}

impl<'t> LineMap<'t> {
    /// Indexes `text` (lines end at `\n`; a `\r` before it belongs to the line's end).
    pub fn new(text: &'t str) -> LineMap<'t> {
        LineMap {
            text,
            index: LineIndex::new(text),
        }
    }

    /// The start and text of a 0-based line, without its line break.
    fn line(&self, line: usize) -> Option<(usize, &'t str)> {
        let (start, end) = self.index.line_bounds(self.text, line + 1)?;
        Some((start, &self.text[start..end]))
    }

    /// The byte offset of a protocol position; past a line's end is its end, past the last
    /// line the text's end.
    pub fn offset(&self, position: Position) -> usize {
        let Some((start, line)) = self.line(position.line as usize) else {
            return self.text.len();
        };
        let mut units = 0u32;
        for (at, c) in line.char_indices() {
            if units >= position.character {
                return start + at;
            }
            units += c.len_utf16() as u32;
        }
        start + line.len()
    }

    /// The protocol position of a byte offset (clamped to the text, and back to a character
    /// boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, _) = self.index.position(self.text, offset).unwrap_or((1, 1));
        let start = self.line(line - 1).map_or(0, |(start, _)| start);
        let character = self.text[start..offset.max(start)]
            .chars()
            .map(|c| c.len_utf16() as u32)
            .sum();
        Position::new(line as u32 - 1, character)
    }

    /// The protocol position of a 1-based line and column counted in characters (how
    /// reports give a place).
    pub fn position_of(&self, line: u32, column: u32) -> Position {
        let index = line.saturating_sub(1) as usize;
        let text = self.line(index).map_or("", |(_, text)| text);
        let character = text
            .chars()
            .take(column.saturating_sub(1) as usize)
            .map(|c| c.len_utf16() as u32)
            .sum();
        Position::new(index as u32, character)
    }

    /// The range of a span: from its line and column to its end byte (none wide when the
    /// span has no width).
    pub fn range(&self, span: Span) -> Range {
        let start = self.position_of(span.line, span.column);
        let end = if span.end > span.start {
            self.position(span.end as usize).max(start)
        } else {
            start
        };
        Range::new(start, end)
    }

    /// The byte range of a protocol range.
    pub fn byte_range(&self, range: Range) -> std::ops::Range<usize> {
        let start = self.offset(range.start);
        start..self.offset(range.end).max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_offsets_bytes() {
        let text = "a: é\r\nb: 𝄞x\nlast";
        let map = LineMap::new(text);
        // `𝄞` is two UTF-16 units and four bytes.
        let x = text.find('x').unwrap();
        assert_eq!(map.position(x), Position::new(1, 5));
        assert_eq!(map.offset(Position::new(1, 5)), x);
        assert_eq!(map.offset(Position::new(0, 99)), "a: é".len());
        assert_eq!(map.offset(Position::new(9, 0)), text.len());
        assert_eq!(map.position_of(2, 5), Position::new(1, 5));
        assert_eq!(map.position(text.len()), Position::new(2, 4));
        let span = Span {
            line: 1,
            column: 4,
            start: 3,
            end: 5,
        };
        assert_eq!(
            map.range(span),
            Range::new(Position::new(0, 3), Position::new(0, 4))
        );
    }
}
