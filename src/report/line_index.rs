//! Where each line of a text starts, built once per file so renderers can turn byte offsets
//! into lines and columns (and lines into source windows) without rescanning the text.

/// The byte offset of every line start of one text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Scans `text` once.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            starts,
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
}
