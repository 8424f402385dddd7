//! Each file's text and line index, fetched once per render however many violations point
//! into the file.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use crate::foundation::diagnostics::{LineIndex, SourceTexts, Span};

/// One file's text with its line starts.
pub struct IndexedText<'s> {
    /// The whole text.
    pub text: Cow<'s, str>,
    /// Where its lines start.
    pub index: LineIndex,
}

impl IndexedText<'_> {
    /// The 1-based line and column just past a span, when the span has a width that lies
    /// inside the text.
    pub fn end_of(&self, span: Span) -> Option<(usize, usize)> {
        if span.end <= span.start {
            return None;
        }
        self.index.position(&self.text, span.end as usize)
    }

    /// The text of the span's line, and the byte range of the span within that line (the
    /// rest of the token when the span has no width). `None` when the line or column lies
    /// outside the text.
    pub fn line_at(&self, span: Span) -> Option<(&str, Range<usize>)> {
        let text = self.index.line(&self.text, span.line as usize)?;
        let start = byte_of_column(text, span.column as usize)?;
        let width = span.end.saturating_sub(span.start) as usize;
        let end = if width == 0 {
            // Point at the rest of the token when no width is known.
            text[start..]
                .find(char::is_whitespace)
                .map_or(text.len(), |w| start + w)
        } else {
            (start + width).min(text.len())
        };
        Some((text, start..ceil_char_boundary(text, end)))
    }
}

/// The byte offset of a 1-based character column; the column just past the last character
/// is the end of the line.
fn byte_of_column(line: &str, column: usize) -> Option<usize> {
    let index = column.checked_sub(1)?;
    line.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(line.len()))
        .nth(index)
}

fn ceil_char_boundary(text: &str, mut at: usize) -> usize {
    while at < text.len() && !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Lazily indexed texts of one input's files.
pub struct SourceCache<'s> {
    sources: &'s dyn SourceTexts,
    files: HashMap<String, Option<IndexedText<'s>>>,
}

impl<'s> SourceCache<'s> {
    /// An empty cache over an input's files.
    pub fn new(sources: &'s dyn SourceTexts) -> SourceCache<'s> {
        SourceCache {
            sources,
            files: HashMap::new(),
        }
    }

    /// Reads and indexes `file` unless that was done before.
    pub fn load(&mut self, file: &str) {
        if !self.files.contains_key(file) {
            let entry = self.sources.text(file).map(|text| IndexedText {
                index: LineIndex::new(&text),
                text,
            });
            self.files.insert(file.to_owned(), entry);
        }
    }

    /// The text of a loaded `file`; `None` when it has no text (or was not loaded).
    pub fn get(&self, file: &str) -> Option<&IndexedText<'s>> {
        self.files.get(file).and_then(Option::as_ref)
    }

    /// Loads `file` and returns its text.
    pub fn fetch(&mut self, file: &str) -> Option<&IndexedText<'s>> {
        self.load(file);
        self.get(file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_map_to_bytes() {
        assert_eq!(byte_of_column("ab", 1), Some(0));
        assert_eq!(byte_of_column("äb", 2), Some(2));
        assert_eq!(byte_of_column("ab", 3), Some(2));
        assert_eq!(byte_of_column("ab", 4), None);
        assert_eq!(byte_of_column("ab", 0), None);
    }
}
