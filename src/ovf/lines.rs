//! Byte offsets to 1-based line and column, through an index built once per text.

use std::cell::Cell;

use crate::yaml::Span;

/// The start of every line of a text, and whether the line is ASCII, so a position costs a
/// binary search, not a scan (generated descriptors often sit on one long line).
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    ascii: Vec<bool>,
    /// The last (line, offset, column) computed on a non-ASCII line: positions come in
    /// document order, so counting resumes there instead of at the line start.
    last: Cell<(usize, usize, usize)>,
}

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        let mut ascii = Vec::new();
        let mut line_ascii = true;
        for (i, b) in text.bytes().enumerate() {
            line_ascii &= b.is_ascii();
            if b == b'\n' {
                starts.push(i + 1);
                ascii.push(line_ascii);
                line_ascii = true;
            }
        }
        ascii.push(line_ascii);
        LineIndex {
            starts,
            ascii,
            last: Cell::new((0, 0, 1)),
        }
    }

    /// The span of bytes `start..end` of `text` (which must be the indexed text); columns
    /// count characters, as editors show them.
    pub fn span(&self, text: &str, start: usize, end: usize) -> Span {
        let start = floor_boundary(text, start.min(text.len()));
        let end = floor_boundary(text, end.clamp(start, text.len()));
        let line = self.starts.partition_point(|&s| s <= start).max(1);
        let line_start = self.starts[line - 1];
        let column = if self.ascii[line - 1] {
            start - line_start + 1
        } else {
            let (last_line, last_offset, last_column) = self.last.get();
            let (from, base) = if last_line == line && last_offset <= start {
                (last_offset, last_column)
            } else {
                (line_start, 1)
            };
            let column = base + text[from..start].chars().count();
            self.last.set((line, start, column));
            column
        };
        Span {
            line: saturate(line),
            column: saturate(column),
            start: saturate(start),
            end: saturate(end),
        }
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_one_based_and_count_characters() {
        let text = "ab\nçd\n\nx";
        let index = LineIndex::new(text);
        let at = |offset| {
            let s = index.span(text, offset, offset);
            (s.line, s.column)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(1), (1, 2));
        assert_eq!(at(3), (2, 1));
        assert_eq!(at(5), (2, 2));
        assert_eq!(at(7), (3, 1));
        assert_eq!(at(8), (4, 1));
        assert_eq!(at(99), (4, 2));
        assert_eq!(at(4), (2, 1), "backwards on a non-ASCII line");
    }
}
