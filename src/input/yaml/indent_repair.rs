//! Heat-compatible leniency for quoted scalars.
//!
//! Heat parses with libyaml, which accepts continuation lines of a multi-line quoted scalar
//! indented at or left of the enclosing block (real templates do this, e.g. TripleO's Ceph
//! configuration). The YAML 1.2 scanner we use refuses them. Leading spaces of such a line are
//! not part of the scalar's value (they fold away), so indenting the line changes nothing but
//! positions: we insert spaces, parse again, and map every position back to the original text.

use std::borrow::Cow;

use crate::foundation::diagnostics::Span;

/// At most this many lines are re-indented before the original error is reported.
pub(crate) const MAX_REPAIRS: usize = 64;

/// Spaces inserted into the original text: `(byte offset, line, count)`, sorted by offset.
#[derive(Debug, Default)]
pub(crate) struct Shifts {
    inserted: Vec<(usize, u32, usize)>,
}

impl Shifts {
    /// How many lines were re-indented.
    pub(crate) fn len(&self) -> usize {
        self.inserted.len()
    }

    /// Indents `line` (1-based) of `original` past every earlier line's indentation.
    /// Returns false when the line cannot be repaired (already repaired, or out of range).
    pub(crate) fn repair(&mut self, original: &str, line: u32) -> bool {
        if self.inserted.iter().any(|(_, l, _)| *l == line) {
            return false;
        }
        let mut offset = 0;
        let mut deepest: usize = 0;
        for (number, text) in original.split_inclusive('\n').enumerate() {
            let indent = text.len() - text.trim_start_matches(' ').len();
            if number as u32 + 1 == line {
                let count = (deepest + 1).saturating_sub(indent).max(1);
                let at = self.inserted.partition_point(|(o, _, _)| *o <= offset);
                self.inserted.insert(at, (offset, line, count));
                return true;
            }
            if !text.trim().is_empty() {
                deepest = deepest.max(indent);
            }
            offset += text.len();
        }
        false
    }

    /// The text to parse: the original with the spaces inserted.
    pub(crate) fn apply<'a>(&self, original: &'a str) -> Cow<'a, str> {
        if self.inserted.is_empty() {
            return Cow::Borrowed(original);
        }
        let extra: usize = self.inserted.iter().map(|(_, _, c)| c).sum();
        let mut out = String::with_capacity(original.len() + extra);
        let mut from = 0;
        for (offset, _, count) in &self.inserted {
            out.push_str(&original[from..*offset]);
            out.extend(std::iter::repeat_n(' ', *count));
            from = *offset;
        }
        out.push_str(&original[from..]);
        Cow::Owned(out)
    }

    /// Maps a span of the repaired text back to the original.
    pub(crate) fn restore(&self, mut span: Span) -> Span {
        if self.inserted.is_empty() {
            return span;
        }
        span.start = self.offset(span.start as usize) as u32;
        span.end = self.offset(span.end as usize) as u32;
        if let Some((_, _, count)) = self.inserted.iter().find(|(_, l, _)| *l == span.line) {
            span.column = span.column.saturating_sub(*count as u32).max(1);
        }
        span
    }

    fn offset(&self, repaired: usize) -> usize {
        let mut delta = 0;
        for (offset, _, count) in &self.inserted {
            let at = offset + delta;
            if repaired < at {
                break;
            }
            if repaired < at + count {
                return *offset;
            }
            delta += count;
        }
        repaired - delta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_a_line_and_maps_positions_back() {
        let text = "a:\n  b: \"x\n  y\"\nc: 1\n";
        let mut shifts = Shifts::default();
        assert!(shifts.repair(text, 3));
        let repaired = shifts.apply(text);
        assert_eq!(repaired, "a:\n  b: \"x\n   y\"\nc: 1\n");
        // `c` sits at byte 15 in the original, 16 after the repair.
        let span = Span {
            line: 4,
            column: 1,
            start: 16,
            end: 17,
        };
        assert_eq!(shifts.restore(span).start, 15);
        assert!(!shifts.repair(text, 3), "a line is repaired once");
    }
}
