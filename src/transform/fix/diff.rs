//! What a fix changes, as line hunks with context (for the wizard's preview) and as a
//! unified diff (for `validate --fix-dry-run`).

use std::ops::Range;

use serde::Serialize;
use similar::{ChangeTag, TextDiff};

/// Lines of context around each change.
pub const CONTEXT: usize = 3;

/// How a line of a hunk relates the two texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineKind {
    /// In both.
    Context,
    /// Only before.
    Removed,
    /// Only after.
    Added,
}

/// One line of a hunk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiffLine {
    /// Context, removed or added.
    pub kind: LineKind,
    /// The line without its break.
    pub text: String,
    /// 1-based line before, for context and removed lines.
    pub old: Option<u32>,
    /// 1-based line after, for context and added lines.
    pub new: Option<u32>,
}

/// A run of changed lines with their context.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hunk {
    /// First line before (1-based; 0 for an empty text).
    pub old_start: u32,
    /// Lines before.
    pub old_len: u32,
    /// First line after.
    pub new_start: u32,
    /// Lines after.
    pub new_len: u32,
    /// The lines.
    pub lines: Vec<DiffLine>,
}

/// The change of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileChange {
    /// Package-relative path.
    pub path: String,
    /// True when the file is new.
    pub created: bool,
    /// True when the text before did not end with a line break.
    old_unterminated: bool,
    /// True when the text after does not end with a line break.
    new_unterminated: bool,
    /// The hunks.
    pub hunks: Vec<Hunk>,
}

/// One file's text before (`None`: the file is new) and after.
#[derive(Clone, Copy, Debug)]
pub struct TextChange<'a> {
    /// Package-relative path.
    pub path: &'a str,
    /// The text before.
    pub before: Option<&'a [u8]>,
    /// The text after.
    pub after: &'a [u8],
}

/// The changes of every file a fix touches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Preview {
    /// Files in the order the fix names them.
    pub files: Vec<FileChange>,
}

impl Preview {
    /// Compares each file's texts; `secrets` are masked by `*` wherever they appear.
    pub fn of(changes: &[TextChange<'_>], secrets: &[String]) -> Preview {
        let files = changes
            .iter()
            .filter_map(|change| {
                let created = change.before.is_none();
                let file = file_change(change, secrets);
                (!file.hunks.is_empty() || created).then_some(file)
            })
            .collect();
        Preview { files }
    }

    /// True when nothing changes.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// How many lines are removed and added.
    pub fn counts(&self) -> (usize, usize) {
        let lines = self
            .files
            .iter()
            .flat_map(|f| &f.hunks)
            .flat_map(|h| &h.lines);
        lines.fold((0, 0), |(removed, added), line| match line.kind {
            LineKind::Removed => (removed + 1, added),
            LineKind::Added => (removed, added + 1),
            LineKind::Context => (removed, added),
        })
    }

    /// The unified diff (`--- a/…`, `+++ b/…`, `@@ … @@` hunks).
    pub fn unified(&self) -> String {
        self.unified_lines()
            .into_iter()
            .fold(String::new(), |mut out, (_, line)| {
                out.push_str(&line);
                out.push('\n');
                out
            })
    }

    /// The unified diff's lines, each with what it is (for a face that colours them).
    pub fn unified_lines(&self) -> Vec<(UnifiedLine, String)> {
        let mut out = Vec::new();
        for file in &self.files {
            let old = if file.created {
                "/dev/null".to_owned()
            } else {
                format!("a/{}", file.path)
            };
            out.push((UnifiedLine::File, format!("--- {old}")));
            out.push((UnifiedLine::File, format!("+++ b/{}", file.path)));
            for hunk in &file.hunks {
                out.push((
                    UnifiedLine::Hunk,
                    format!(
                        "@@ -{} +{} @@",
                        range(hunk.old_start, hunk.old_len),
                        range(hunk.new_start, hunk.new_len)
                    ),
                ));
                let last_old = hunk.lines.iter().filter_map(|l| l.old).max();
                let last_new = hunk.lines.iter().filter_map(|l| l.new).max();
                for line in &hunk.lines {
                    let (kind, sign) = match line.kind {
                        LineKind::Context => (UnifiedLine::Context, ' '),
                        LineKind::Removed => (UnifiedLine::Removed, '-'),
                        LineKind::Added => (UnifiedLine::Added, '+'),
                    };
                    out.push((kind, format!("{sign}{}", line.text)));
                    let unterminated = (file.old_unterminated
                        && line.kind != LineKind::Added
                        && line.old == last_old
                        && last_old == Some(file_lines_old(hunk)))
                        || (file.new_unterminated
                            && line.kind != LineKind::Removed
                            && line.new == last_new
                            && last_new == Some(file_lines_new(hunk)));
                    if unterminated {
                        out.push((UnifiedLine::Note, "\\ No newline at end of file".to_owned()));
                    }
                }
            }
        }
        out
    }
}

/// What a line of a unified diff is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnifiedLine {
    /// `--- a/…` or `+++ b/…`.
    File,
    /// `@@ -a,b +c,d @@`.
    Hunk,
    /// A line of both texts.
    Context,
    /// A line only before.
    Removed,
    /// A line only after.
    Added,
    /// `\ No newline at end of file`.
    Note,
}

fn file_lines_old(hunk: &Hunk) -> u32 {
    hunk.old_start + hunk.old_len.saturating_sub(1)
}

fn file_lines_new(hunk: &Hunk) -> u32 {
    hunk.new_start + hunk.new_len.saturating_sub(1)
}

/// `start,len` as unified diffs write it (`start` alone for one line).
fn range(start: u32, len: u32) -> String {
    if len == 1 {
        start.to_string()
    } else {
        format!("{start},{len}")
    }
}

fn mask(text: &str, secrets: &[String]) -> String {
    let mut out = text.to_owned();
    for secret in secrets.iter().filter(|s| !s.trim().is_empty()) {
        out = out.replace(secret.as_str(), &"*".repeat(secret.chars().count()));
    }
    out
}

/// Where two texts differ, with `CONTEXT` lines around: the byte ranges of the middle of
/// each (the same start, a common line prefix before it), and how many lines precede it.
/// A fix changes a few lines of a large file; diffing only the middle keeps a preview's
/// cost at a byte comparison of the rest.
fn middle(old: &[u8], new: &[u8]) -> (Range<usize>, Range<usize>, usize) {
    let line_start = |text: &[u8], at: usize| {
        text[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
    };
    let same = common_prefix(old, new);
    let mut start = line_start(old, same);
    for _ in 0..CONTEXT {
        if start == 0 {
            break;
        }
        start = line_start(old, start - 1);
    }
    let room = (old.len() - start).min(new.len() - start);
    let same_end = common_suffix(&old[old.len() - room..], &new[new.len() - room..]);
    // The common end, from the first line start inside it, less `CONTEXT` lines.
    let tail = &old[old.len() - same_end..];
    let mut skipped = same_end;
    for _ in 0..=CONTEXT {
        match tail[same_end - skipped..].iter().position(|&b| b == b'\n') {
            Some(i) => skipped -= i + 1,
            None => {
                skipped = 0;
                break;
            }
        }
    }
    let lines_before = old[..start].iter().filter(|&&b| b == b'\n').count();
    (
        start..old.len() - skipped,
        start..new.len() - skipped,
        lines_before,
    )
}

/// Bytes compared at once when looking for the first difference (slice equality is a
/// `memcmp`, far faster than byte by byte).
const CHUNK: usize = 256;

/// How many bytes `a` and `b` share at their start.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut same = 0;
    for (x, y) in a.chunks(CHUNK).zip(b.chunks(CHUNK)) {
        if x == y {
            same += x.len();
        } else {
            return same + x.iter().zip(y).take_while(|(p, q)| p == q).count();
        }
    }
    same
}

/// How many bytes `a` and `b` share at their end.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let mut same = 0;
    for (x, y) in a.rchunks(CHUNK).zip(b.rchunks(CHUNK)) {
        if x == y {
            same += x.len();
        } else {
            return same
                + x.iter()
                    .rev()
                    .zip(y.iter().rev())
                    .take_while(|(p, q)| p == q)
                    .count();
        }
    }
    same
}

fn file_change(text: &TextChange<'_>, secrets: &[String]) -> FileChange {
    let (before, after) = (text.before.unwrap_or(b""), text.after);
    let (old_range, new_range, offset) = middle(before, after);
    let old = String::from_utf8_lossy(&before[old_range]);
    let new = String::from_utf8_lossy(&after[new_range]);
    FileChange {
        path: text.path.to_owned(),
        created: text.before.is_none(),
        old_unterminated: !before.is_empty() && !before.ends_with(b"\n"),
        new_unterminated: !after.is_empty() && !after.ends_with(b"\n"),
        hunks: hunks(&old, &new, offset, secrets),
    }
}

/// The hunks of a line diff of `old` and `new`, which start after `offset` lines.
fn hunks(old: &str, new: &str, offset: usize, secrets: &[String]) -> Vec<Hunk> {
    let diff = TextDiff::from_lines(old, new);
    let line = |index: Option<usize>| index.map(|i| (i + offset) as u32 + 1);
    let start = |r: &Range<usize>| {
        let first = (r.start + offset) as u32;
        if r.is_empty() { first } else { first + 1 }
    };
    let mut hunks = Vec::new();
    for group in diff.grouped_ops(CONTEXT) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let old_range = first.old_range().start..last.old_range().end;
        let new_range = first.new_range().start..last.new_range().end;
        let mut lines = Vec::new();
        for op in &group {
            for change in diff.iter_changes(op) {
                let kind = match change.tag() {
                    ChangeTag::Equal => LineKind::Context,
                    ChangeTag::Delete => LineKind::Removed,
                    ChangeTag::Insert => LineKind::Added,
                };
                let text = change.to_string_lossy();
                lines.push(DiffLine {
                    kind,
                    text: mask(text.trim_end_matches(['\n', '\r']), secrets),
                    old: line(change.old_index()),
                    new: line(change.new_index()),
                });
            }
        }
        hunks.push(Hunk {
            old_start: start(&old_range),
            old_len: old_range.len() as u32,
            new_start: start(&new_range),
            new_len: new_range.len() as u32,
            lines,
        });
    }
    hunks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change<'a>(path: &'a str, before: Option<&'a [u8]>, after: &'a [u8]) -> TextChange<'a> {
        TextChange {
            path,
            before,
            after,
        }
    }

    #[test]
    fn unified_diff_with_context_and_new_files() {
        let before = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\n";
        let after = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\ni: 9\n";
        let changed = before.replace("b: 2\n", "");
        let preview = Preview::of(
            &[
                change("t.yaml", Some(before.as_bytes()), changed.as_bytes()),
                change("t.env", None, b"parameters: {}\n"),
                change("same.yaml", Some(b"x\n"), b"x\n"),
            ],
            &[],
        );
        assert_eq!(
            preview.unified(),
            "--- a/t.yaml\n+++ b/t.yaml\n@@ -1,5 +1,4 @@\n a: 1\n-b: 2\n c: 3\n d: 4\n e: 5\n\
             --- /dev/null\n+++ b/t.env\n@@ -0,0 +1 @@\n+parameters: {}\n"
        );
        assert_eq!(preview.counts(), (1, 1));
        let appended = Preview::of(
            &[change("t.yaml", Some(before.as_bytes()), after.as_bytes())],
            &[],
        );
        assert_eq!(appended.files[0].hunks[0].old_start, 6);
        assert_eq!(appended.files[0].hunks[0].new_len, 4);
    }

    #[test]
    fn diffing_the_middle_gives_the_hunks_of_the_whole() {
        let lines: Vec<String> = (0..40)
            .map(|i| format!("  key_{i}: value {}", i % 7))
            .collect();
        let text = lines.join("\n") + "\n";
        let mut cases: Vec<(String, String)> = Vec::new();
        for at in [0, 1, 2, 5, 19, 37, 38, 39] {
            let mut edited = lines.clone();
            edited[at] = format!("  key_{at}: changed");
            cases.push((text.clone(), edited.join("\n") + "\n"));
            let mut inserted = lines.clone();
            inserted.insert(at, "  added: 1".to_owned());
            cases.push((text.clone(), inserted.join("\n") + "\n"));
            let mut removed = lines.clone();
            removed.remove(at);
            cases.push((text.clone(), removed.join("\n") + "\n"));
        }
        // Two changes far apart, an unterminated end, an empty text.
        let far = text.replace("key_3:", "key3:").replace("key_35:", "key35:");
        cases.push((text.clone(), far));
        cases.push((text.clone(), text.trim_end().to_owned()));
        cases.push((String::new(), text.clone()));
        cases.push((text.clone(), text.clone()));
        for (before, after) in &cases {
            let trimmed = file_change(&change("t", Some(before.as_bytes()), after.as_bytes()), &[]);
            let whole = hunks(before, after, 0, &[]);
            assert_eq!(trimmed.hunks, whole, "{before:?}\n→\n{after:?}");
        }
        // A copy of a neighbour may be aligned either way: the hunks still make the text.
        for at in [0, 1, 20, 39] {
            let mut doubled = lines.clone();
            doubled.insert(at, lines[at].clone());
            let after = doubled.join("\n") + "\n";
            let trimmed = file_change(&change("t", Some(text.as_bytes()), after.as_bytes()), &[]);
            assert_eq!(
                patched(&text, &trimmed.hunks),
                after.lines().collect::<Vec<_>>()
            );
        }
    }

    /// `before`'s lines with the hunks applied, checking every context and removed line.
    fn patched<'a>(before: &'a str, hunks: &'a [Hunk]) -> Vec<&'a str> {
        let old: Vec<&str> = before.lines().collect();
        let mut out = Vec::new();
        let mut next = 0;
        for hunk in hunks {
            let first = (hunk.old_start as usize).saturating_sub(1);
            out.extend(&old[next..first]);
            next = first;
            for line in &hunk.lines {
                match line.kind {
                    LineKind::Context | LineKind::Removed => {
                        assert_eq!(old[next], line.text);
                        if line.kind == LineKind::Context {
                            out.push(old[next]);
                        }
                        next += 1;
                    }
                    LineKind::Added => out.push(&line.text),
                }
            }
        }
        out.extend(&old[next..]);
        out
    }

    #[test]
    fn secrets_are_masked_and_missing_breaks_marked() {
        let preview = Preview::of(
            &[change(
                "t.env",
                Some(b"parameters:\n  a: 1"),
                b"parameters:\n  a: 1\n  pw: s3cret",
            )],
            &["s3cret".to_owned()],
        );
        let text = preview.unified();
        assert!(
            text.contains("+  pw: ******\n\\ No newline at end of file\n"),
            "{text}"
        );
        assert!(
            text.contains("-  a: 1\n\\ No newline at end of file\n"),
            "{text}"
        );
        assert!(!text.contains("s3cret"));
    }
}
