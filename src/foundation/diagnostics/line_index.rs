//! Where each line of a text starts, built once per file so loaders can turn byte offsets into
//! spans and renderers can turn them into lines, columns and source windows without rescanning.

use std::cell::Cell;

use super::span::Span;

/// The byte offset of every line start of one text, and whether each line is ASCII, so a
/// position costs a binary search, not a scan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
    ascii: Vec<bool>,
    len: usize,
}

/// A line index that remembers the last position it computed on a non-ASCII line: a reader
/// asks in document order, so counting resumes there instead of at the line start (generated
/// descriptors often sit on one long line). One reader's, so not shared between threads.
#[derive(Clone, Debug)]
pub struct LineCursor {
    index: LineIndex,
    /// The last (line, offset, column) computed on a non-ASCII line.
    last: Cell<(usize, usize, usize)>,
}

impl LineCursor {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> LineCursor {
        LineCursor {
            index: LineIndex::new(text),
            last: Cell::new((0, 0, 1)),
        }
    }

    /// The span of bytes `start..end` of `text` (which must be the indexed text), as
    /// [`LineIndex::span`].
    pub fn span(&self, text: &str, start: usize, end: usize) -> Span {
        self.index.span_from(text, start, end, Some(&self.last))
    }
}

impl LineIndex {
    /// Scans `text` once.
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
            len: text.len(),
        }
    }

    /// The text of a 1-based line without its line break, or `None` past the end.
    pub fn line<'t>(&self, text: &'t str, line: usize) -> Option<&'t str> {
        let (start, end) = self.line_bounds(text, line)?;
        text.get(start..end)
    }

    /// The byte range of a 1-based line without its line break, or `None` past the end.
    pub fn line_bounds(&self, text: &str, line: usize) -> Option<(usize, usize)> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let end = self.starts.get(line).map_or(self.len, |next| next - 1);
        let end = end.max(start);
        let without_cr = match text.get(start..end) {
            Some(l) if l.ends_with('\r') => end - 1,
            Some(_) => end,
            None => return None,
        };
        Some((start, without_cr))
    }

    /// The 1-based line and column (in characters) of a byte offset, or `None` when the
    /// offset lies beyond the text or inside a character.
    pub fn position(&self, text: &str, offset: usize) -> Option<(usize, usize)> {
        if offset > self.len || !text.is_char_boundary(offset) {
            return None;
        }
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let column = text.get(start..offset)?.chars().count() + 1;
        Some((line, column))
    }

    /// The span of bytes `start..end` of `text` (which must be the indexed text); columns
    /// count characters, as editors show them.
    pub fn span(&self, text: &str, start: usize, end: usize) -> Span {
        self.span_from(text, start, end, None)
    }

    fn span_from(
        &self,
        text: &str,
        start: usize,
        end: usize,
        last: Option<&Cell<(usize, usize, usize)>>,
    ) -> Span {
        let start = floor_boundary(text, start.min(text.len()));
        let end = floor_boundary(text, end.clamp(start, text.len()));
        let line = self.starts.partition_point(|&s| s <= start).max(1);
        let line_start = self.starts[line - 1];
        let column = if self.ascii[line - 1] {
            start - line_start + 1
        } else {
            let (last_line, last_offset, last_column) = last.map_or((0, 0, 1), Cell::get);
            let (from, base) = if last_line == line && last_offset <= start {
                (last_offset, last_column)
            } else {
                (line_start, 1)
            };
            let column = base + text[from..start].chars().count();
            if let Some(last) = last {
                last.set((line, start, column));
            }
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
    fn lines_without_breaks() {
        let text = "a: 1\r\nb: 2\n\nlast";
        let index = LineIndex::new(text);
        assert_eq!(index.line(text, 1), Some("a: 1"));
        assert_eq!(index.line(text, 2), Some("b: 2"));
        assert_eq!(index.line(text, 3), Some(""));
        assert_eq!(index.line(text, 4), Some("last"));
        assert_eq!(index.line(text, 5), None);
        assert_eq!(index.line_bounds(text, 1), Some((0, 4)));
        assert_eq!(index.line_bounds(text, 4), Some((12, 16)));
        assert_eq!(index.line(text, 0), None);
    }

    #[test]
    fn positions_count_characters() {
        let text = "name: Zürich-Ost\nx: 1\n";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 0), Some((1, 1)));
        let after_umlaut = text.find("rich").expect("present");
        assert_eq!(index.position(text, after_umlaut), Some((1, 9)));
        assert_eq!(
            index.position(text, text.find('x').expect("x")),
            Some((2, 1))
        );
        // The end of the text is a valid end position; beyond it is not.
        assert_eq!(index.position(text, text.len()), Some((3, 1)));
        assert_eq!(index.position(text, text.len() + 1), None);
        // Inside the two bytes of `ü`.
        assert_eq!(index.position(text, after_umlaut - 1), None);
    }

    #[test]
    fn text_without_trailing_newline() {
        let text = "one";
        let index = LineIndex::new(text);
        assert_eq!(index.line(text, 1), Some("one"));
        assert_eq!(index.position(text, 3), Some((1, 4)));
    }

    #[test]
    fn spans_are_one_based_and_count_characters() {
        let text = "ab\nçd\n\nx";
        let cursor = LineCursor::new(text);
        let at = |offset| {
            let s = cursor.span(text, offset, offset);
            assert_eq!(s, LineIndex::new(text).span(text, offset, offset));
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
