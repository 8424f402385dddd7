//! Each file's text and line index, fetched once per render however many violations point
//! into the file.

use std::borrow::Cow;
use std::collections::HashMap;

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
