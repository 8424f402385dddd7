//! Text edits at byte ranges, applied to a file's original bytes so every byte outside the
//! ranges stays as it was, and the bookkeeping of which original lines an edit touched.

use std::ops::Range;

/// One replacement in one file: `range` of the current bytes becomes `replacement`. An empty
/// range inserts; an empty replacement deletes; an insertion at `0..0` of a file the set does
/// not have creates it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edit {
    /// Package-relative path of the file.
    pub file: String,
    /// Byte range of the current text.
    pub range: Range<usize>,
    /// The text put in its place.
    pub replacement: String,
}

impl Edit {
    /// An insertion at `at`.
    pub fn insert(file: &str, at: usize, text: impl Into<String>) -> Edit {
        Edit {
            file: file.to_owned(),
            range: at..at,
            replacement: text.into(),
        }
    }

    /// A deletion of `range`.
    pub fn delete(file: &str, range: Range<usize>) -> Edit {
        Edit {
            file: file.to_owned(),
            range,
            replacement: String::new(),
        }
    }

    /// A replacement of `range` by `text`.
    pub fn replace(file: &str, range: Range<usize>, text: impl Into<String>) -> Edit {
        Edit {
            file: file.to_owned(),
            range,
            replacement: text.into(),
        }
    }

    /// True when two edits of the same file cannot both apply: their ranges share a byte,
    /// or one inserts strictly inside the other's range. Insertions at the same point do
    /// not conflict: they apply one after the other, in order.
    pub fn overlaps(&self, other: &Edit) -> bool {
        if self.file != other.file {
            return false;
        }
        let (a, b) = (&self.range, &other.range);
        let inside = |point: usize, range: &Range<usize>| range.start < point && point < range.end;
        if a.is_empty() && b.is_empty() {
            return false;
        }
        if a.is_empty() {
            return inside(a.start, b);
        }
        if b.is_empty() {
            return inside(b.start, a);
        }
        a.start < b.end && b.start < a.end
    }
}

/// Why edits could not be applied to a text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// A range runs past the end of the file or splits a UTF-8 character.
    #[error("{file}: the edit at bytes {start}..{end} does not fit the file's text")]
    OutOfRange {
        /// The file.
        file: String,
        /// Range start.
        start: usize,
        /// Range end.
        end: usize,
    },
    /// Two edits of one fix touch the same bytes.
    #[error("{file}: two edits overlap at byte {at}")]
    Overlap {
        /// The file.
        file: String,
        /// Where.
        at: usize,
    },
    /// An edit names a file the set does not have, other than by creating it.
    #[error("{0}: the file does not exist")]
    NoFile(String),
}

/// Applies edits of one file to its bytes. Edits are sorted by position (insertions at the
/// same point keep their order) and must not overlap.
pub fn splice(file: &str, bytes: &[u8], edits: &[&Edit]) -> Result<Vec<u8>, EditError> {
    let mut sorted: Vec<&Edit> = edits.to_vec();
    sorted.sort_by_key(|e| (e.range.start, e.range.end));
    let text = std::str::from_utf8(bytes).ok();
    let mut out = Vec::with_capacity(bytes.len() + 64);
    let mut at = 0usize;
    for edit in sorted {
        let Range { start, end } = edit.range;
        let fits = start <= end
            && end <= bytes.len()
            && text.is_some_and(|t| t.is_char_boundary(start) && t.is_char_boundary(end));
        if !fits {
            return Err(EditError::OutOfRange {
                file: file.to_owned(),
                start,
                end,
            });
        }
        if start < at {
            return Err(EditError::Overlap {
                file: file.to_owned(),
                at: start,
            });
        }
        out.extend_from_slice(&bytes[at..start]);
        out.extend_from_slice(edit.replacement.as_bytes());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    Ok(out)
}

/// Byte ranges of each line of `bytes`, its line break included.
fn line_ranges(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            lines.push(start..i + 1);
            start = i + 1;
        }
    }
    if start < bytes.len() {
        lines.push(start..bytes.len());
    }
    lines
}

/// Where each line of a file came from: the 1-based line of the original text, or `None` for
/// a line an edit wrote or changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    origins: Vec<Option<u32>>,
}

impl Provenance {
    /// Every line of an unedited text is its own origin.
    pub fn original(bytes: &[u8]) -> Provenance {
        Provenance {
            origins: (1..=line_ranges(bytes).len() as u32).map(Some).collect(),
        }
    }

    /// A file that edits created: no line has an origin.
    pub fn created(bytes: &[u8]) -> Provenance {
        Provenance {
            origins: vec![None; line_ranges(bytes).len()],
        }
    }

    /// Follows `edits` from `before` to `after`: a line keeps its origin when its bytes were
    /// copied whole, break included, to the start of a line of the new text.
    pub fn follow(&self, before: &[u8], after: &[u8], edits: &[&Edit]) -> Provenance {
        let mut sorted: Vec<&Edit> = edits.to_vec();
        sorted.sort_by_key(|e| (e.range.start, e.range.end));
        let new_lines = line_ranges(after);
        let mut origins = vec![None; new_lines.len()];
        let starts: std::collections::HashMap<usize, usize> = new_lines
            .iter()
            .enumerate()
            .map(|(i, r)| (r.start, i))
            .collect();
        let mut shift: isize = 0;
        let mut next = 0;
        for (line, range) in line_ranges(before).into_iter().enumerate() {
            // Edits wholly before this line's start (insertions at it included) shift it.
            while let Some(edit) = sorted.get(next) {
                if edit.range.end > range.start {
                    break;
                }
                shift += edit.replacement.len() as isize - edit.range.len() as isize;
                next += 1;
            }
            let touched = sorted[next..]
                .iter()
                .take_while(|e| e.range.start < range.end)
                .any(|e| !e.range.is_empty() || range.start < e.range.start);
            if touched {
                continue;
            }
            let Some(position) = range.start.checked_add_signed(shift) else {
                continue;
            };
            let Some(&new_line) = starts.get(&position) else {
                continue;
            };
            if new_lines[new_line] == (position..position + range.len())
                && after.get(position..position + range.len()) == before.get(range.clone())
            {
                origins[new_line] = self.origins.get(line).copied().flatten();
            }
        }
        Provenance { origins }
    }

    /// Original lines that no longer appear unchanged.
    pub fn touched(&self, original_lines: usize) -> Vec<u32> {
        let kept: std::collections::HashSet<u32> = self.origins.iter().flatten().copied().collect();
        (1..=original_lines as u32)
            .filter(|l| !kept.contains(l))
            .collect()
    }

    /// The origin of each current line.
    pub fn origins(&self) -> &[Option<u32>] {
        &self.origins
    }
}

/// Number of lines of a text (a last line without a break counts).
pub fn line_count(bytes: &[u8]) -> usize {
    line_ranges(bytes).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(text: &str, edits: &[Edit]) -> String {
        let refs: Vec<&Edit> = edits.iter().collect();
        String::from_utf8(splice("f", text.as_bytes(), &refs).unwrap()).unwrap()
    }

    #[test]
    fn splices_in_position_order() {
        let text = "a: 1\nb: 2\nc: 3\n";
        let edits = [
            Edit::delete("f", 5..10),
            Edit::insert("f", 15, "d: 4\n"),
            Edit::replace("f", 3..4, "9"),
            Edit::insert("f", 15, "e: 5\n"),
        ];
        assert_eq!(apply(text, &edits), "a: 9\nc: 3\nd: 4\ne: 5\n");
    }

    #[test]
    fn overlapping_and_misplaced_edits_are_refused() {
        let a = Edit::delete("f", 2..6);
        assert!(a.overlaps(&Edit::delete("f", 5..8)));
        assert!(a.overlaps(&Edit::insert("f", 3, "x")));
        assert!(!a.overlaps(&Edit::insert("f", 6, "x")));
        assert!(!a.overlaps(&Edit::insert("f", 2, "x")));
        assert!(!Edit::insert("f", 2, "x").overlaps(&Edit::insert("f", 2, "y")));
        assert!(!a.overlaps(&Edit::delete("g", 2..6)));
        let error = splice("f", b"abc", &[&Edit::delete("f", 2..9)]).unwrap_err();
        assert!(matches!(error, EditError::OutOfRange { .. }));
        let error = splice("f", "é".as_bytes(), &[&Edit::delete("f", 1..2)]).unwrap_err();
        assert!(matches!(error, EditError::OutOfRange { .. }));
        let error = splice(
            "f",
            b"abcdef",
            &[&Edit::delete("f", 1..4), &Edit::delete("f", 2..5)],
        )
        .unwrap_err();
        assert!(matches!(error, EditError::Overlap { .. }));
    }

    #[test]
    fn provenance_follows_untouched_lines() {
        let before = "a: 1\nb: 2\nc: 3\nd: 4";
        let edits = [
            Edit::delete("f", 5..10),
            Edit::insert("f", 15, "x: 0\n"),
            Edit::replace("f", 18..19, "5"),
        ];
        let after = apply(before, &edits);
        assert_eq!(after, "a: 1\nc: 3\nx: 0\nd: 5");
        let refs: Vec<&Edit> = edits.iter().collect();
        let provenance = Provenance::original(before.as_bytes()).follow(
            before.as_bytes(),
            after.as_bytes(),
            &refs,
        );
        assert_eq!(provenance.origins(), [Some(1), Some(3), None, None]);
        assert_eq!(provenance.touched(4), [2, 4]);
    }

    #[test]
    fn an_insertion_inside_a_line_touches_it() {
        let before = "key: value\nnext: 1\n";
        let edits = [Edit::insert("f", 10, "  # note")];
        let after = apply(before, &edits);
        let refs: Vec<&Edit> = edits.iter().collect();
        let provenance = Provenance::original(before.as_bytes()).follow(
            before.as_bytes(),
            after.as_bytes(),
            &refs,
        );
        assert_eq!(provenance.origins(), [None, Some(2)]);
    }
}
