//! How a YAML (or JSON) file is laid out, and the minimal edits that add, remove or rename
//! entries in it while keeping its indentation, line breaks, BOM, style and comments.
//!
//! Spans come from the loader: scalars span their text (quotes included), flow collections
//! run from their bracket to the closing one, block collections from their first token to
//! the next token after them (trailing comments and blank lines included). So the end of
//! what an entry really holds is computed here ([`Layout::content_end`]).

use std::cell::OnceCell;

use crate::input::yaml::write::scalar_text;
use crate::input::yaml::{Key, Mapping, Node, Syntax, Value};

use super::edit::Edit;

/// A file's text with its conventions.
#[derive(Clone, Debug)]
pub struct Layout<'a> {
    /// The file's path (named by every edit).
    pub file: &'a str,
    /// The text.
    pub text: &'a str,
    /// The line break the file uses (`\r\n` when its first line ends so).
    pub eol: &'static str,
    /// Bytes of a leading BOM (nothing is ever inserted before it).
    pub bom: usize,
    /// Spaces per indentation level, found on first use (most fixes never indent).
    unit: OnceCell<usize>,
    /// JSON text (keys and strings written JSON's way).
    pub json: bool,
}

/// What follows `key:` when an entry is written.
#[derive(Clone, Copy, Debug)]
pub enum Piece<'p> {
    /// A value on the key's line (a scalar or a flow collection).
    Line(&'p str),
    /// Block text after the colon (` |` or nothing, then lines), its lines indented relative
    /// to the key's column and separated by `\n`.
    Block(&'p str),
}

impl<'a> Layout<'a> {
    /// Reads a file's conventions.
    pub fn new(file: &'a str, text: &'a str, syntax: Syntax) -> Layout<'a> {
        let eol = line_break(text.as_bytes());
        let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Layout {
            file,
            text,
            eol,
            bom,
            unit: OnceCell::new(),
            json: syntax == Syntax::Json,
        }
    }

    /// Spaces per indentation level: the smallest indentation of a line with content, else
    /// 2 (and 2 when it is over 8, which is alignment rather than nesting).
    pub fn unit(&self) -> usize {
        *self.unit.get_or_init(|| {
            self.text
                .as_bytes()
                .split(|&b| b == b'\n')
                .filter_map(|line| {
                    let indent = line.iter().take_while(|&&b| b == b' ').count();
                    let rest = line[indent..].trim_ascii_end();
                    (indent > 0 && !rest.is_empty() && rest[0] != b'#').then_some(indent)
                })
                .min()
                .filter(|&u| u <= 8)
                .unwrap_or(2)
        })
    }

    /// Start of the line holding byte `at` (never before the BOM).
    pub fn line_start(&self, at: usize) -> usize {
        let at = at.min(self.text.len());
        self.text[..at]
            .rfind('\n')
            .map_or(0, |p| p + 1)
            .max(self.bom)
    }

    /// End of the line holding byte `at`, its break included (or the end of the text).
    pub fn line_end(&self, at: usize) -> usize {
        let at = at.min(self.text.len());
        self.text[at..]
            .find('\n')
            .map_or(self.text.len(), |p| at + p + 1)
    }

    /// Bytes between the line start and `at` (the indentation of a key that starts a line).
    pub fn indent_of(&self, at: usize) -> usize {
        at - self.line_start(at)
    }

    /// True when only spaces precede `at` on its line.
    pub fn starts_line(&self, at: usize) -> bool {
        self.text[self.line_start(at)..at]
            .bytes()
            .all(|b| b == b' ')
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// True for a flow collection (`{…}` or `[…]`).
    pub fn is_flow(&self, node: &Node) -> bool {
        matches!(self.byte(node.span.start as usize), Some(b'{' | b'['))
    }

    /// True for an alias (`*name`): its children are written elsewhere.
    fn is_alias(&self, node: &Node) -> bool {
        self.byte(node.span.start as usize) == Some(b'*')
    }

    /// Whether every entry of a mapping is written inside it (not merged in with `<<`).
    pub fn owns(&self, node: &Node) -> bool {
        let Some(map) = node.as_map() else {
            return true;
        };
        let (start, end) = (node.span.start, node.span.end);
        !self.is_alias(node)
            && map
                .iter()
                .all(|(k, _)| k.span.start >= start && k.span.end <= end)
    }

    /// The byte after the colon that ends a key (before any value or comment).
    pub fn after_colon(&self, key: &Key) -> usize {
        let mut at = key.span.end as usize;
        while let Some(b) = self.byte(at) {
            match b {
                b' ' | b'\t' => at += 1,
                b':' => return at + 1,
                _ => break,
            }
        }
        key.span.end as usize
    }

    /// One past the last byte a value really holds: without the trailing comments and
    /// blank lines a block collection's span runs over, nor a block scalar's trailing breaks.
    pub fn content_end(&self, node: &Node) -> usize {
        let end = node.span.end as usize;
        if self.is_alias(node) || self.is_flow(node) {
            return end;
        }
        match &node.value {
            Value::Map(map) => map.iter().last().map_or(end, |(k, v)| self.entry_end(k, v)),
            Value::Seq(items) => items.last().map_or(end, |last| self.content_end(last)),
            Value::Str(_) => {
                let start = (node.span.start as usize).min(end);
                start + self.text[start..end].trim_end().len()
            }
            _ => end,
        }
    }

    /// One past the last byte of an entry: its key, colon and value.
    pub fn entry_end(&self, key: &Key, value: &Node) -> usize {
        self.after_colon(key).max(self.content_end(value))
    }

    /// Renders a key: plain when YAML reads it back unchanged, else quoted; JSON-quoted in
    /// JSON files.
    pub fn key_text(&self, key: &str) -> String {
        if self.json {
            json_string(key)
        } else {
            scalar_text(key)
        }
    }

    /// Renders a string value the file's way.
    pub fn string_text(&self, value: &str) -> String {
        self.key_text(value)
    }

    /// Replaces a scalar (a key or value) by `new`, keeping its quoting style.
    pub fn replace_scalar(&self, start: usize, end: usize, new: &str) -> Edit {
        let written = &self.text[start..end];
        let text = if written.starts_with('"') {
            json_string(new)
        } else if written.starts_with('\'') {
            format!("'{}'", new.replace('\'', "''"))
        } else {
            self.string_text(new)
        };
        Edit::replace(self.file, start..end, text)
    }

    /// Removes the entry `name` of `map` (the value under `parent`, or the root). A block
    /// entry goes with its whole lines (its trailing comment included); a flow entry with its
    /// comma. Removing a block mapping's only entry leaves `parent: {}`. `None` when the
    /// layout is not one this handles (a mapping merged with `<<`, a key sharing its line).
    pub fn delete_entry(
        &self,
        map_node: &Node,
        parent: Option<&Key>,
        name: &str,
    ) -> Option<Vec<Edit>> {
        let map = map_node.as_map()?;
        if !self.owns(map_node) {
            return None;
        }
        let index = map.iter().position(|(k, _)| k.text == name)?;
        let entries: Vec<(&Key, &Node)> = map.iter().collect();
        let (key, value) = entries[index];
        if self.is_flow(map_node) {
            return Some(vec![
                self.delete_flow_item(
                    map_node,
                    &entries
                        .iter()
                        .map(|(k, v)| (k.span.start as usize, self.entry_end(k, v)))
                        .collect::<Vec<_>>(),
                    index,
                ),
            ]);
        }
        let start = key.span.start as usize;
        if !self.starts_line(start) {
            return None;
        }
        let range = self.line_start(start)..self.line_end(self.entry_end(key, value));
        let mut edits = vec![Edit::delete(self.file, range)];
        if entries.len() == 1
            && let Some(parent) = parent
        {
            edits.push(Edit::insert(
                self.file,
                self.after_colon(parent),
                if self.json { "{}" } else { " {}" },
            ));
        }
        Some(edits)
    }

    /// Removes item `index` of a sequence (under `parent`); like [`Layout::delete_entry`].
    pub fn delete_item(
        &self,
        seq_node: &Node,
        parent: Option<&Key>,
        index: usize,
    ) -> Option<Vec<Edit>> {
        let items = seq_node.as_seq()?;
        if self.is_alias(seq_node) {
            return None;
        }
        let item = items.get(index)?;
        if self.is_flow(seq_node) {
            return Some(vec![
                self.delete_flow_item(
                    seq_node,
                    &items
                        .iter()
                        .map(|i| (i.span.start as usize, self.content_end(i)))
                        .collect::<Vec<_>>(),
                    index,
                ),
            ]);
        }
        // `- item` alone on its line.
        let start = item.span.start as usize;
        let line = self.line_start(start);
        let before = self.text[line..start].trim_start_matches(' ');
        if before.trim_end() != "-" {
            return None;
        }
        let range = line..self.line_end(self.content_end(item));
        let mut edits = vec![Edit::delete(self.file, range)];
        if items.len() == 1
            && let Some(parent) = parent
        {
            edits.push(Edit::insert(self.file, self.after_colon(parent), " []"));
        }
        Some(edits)
    }

    /// Removes item `index` of a flow collection whose items run over `spans`.
    fn delete_flow_item(&self, node: &Node, spans: &[(usize, usize)], index: usize) -> Edit {
        let (start, end) = spans[index];
        if spans.len() == 1 {
            // Everything between the brackets: `{}` or `[]` stays.
            return Edit::delete(
                self.file,
                node.span.start as usize + 1..(node.span.end as usize).saturating_sub(1),
            );
        }
        if index > 0 {
            Edit::delete(self.file, spans[index - 1].1..end)
        } else {
            Edit::delete(self.file, start..spans[1].0)
        }
    }

    /// Writes `key: value` into `map_node` (the value under `parent`): after the entry named
    /// `after` (else as the first entry when `first`, else as the last). Block mappings get a
    /// line indented like their keys; flow mappings `, key: value`. `None` when the layout is
    /// not handled (a block value in a flow mapping, a merged mapping).
    pub fn insert_entry(
        &self,
        map_node: &Node,
        after: Option<&str>,
        first: bool,
        key: &str,
        value: Piece<'_>,
    ) -> Option<Edit> {
        let map = map_node.as_map()?;
        if !self.owns(map_node) {
            return None;
        }
        let key_text = self.key_text(key);
        if self.is_flow(map_node) {
            let Piece::Line(line) = value else {
                return None;
            };
            let entry = format!("{key_text}: {line}");
            let Some((last_key, last_value)) = map.iter().last() else {
                return Some(Edit::replace(
                    self.file,
                    map_node.span.start as usize..map_node.span.end as usize,
                    format!("{{{entry}}}"),
                ));
            };
            let anchor = after.and_then(|name| map.iter().find(|(k, _)| k.text == name));
            return Some(match (anchor, first) {
                (Some((k, v)), _) => {
                    Edit::insert(self.file, self.entry_end(k, v), format!(", {entry}"))
                }
                (None, true) => {
                    let (k, _) = map.iter().next()?;
                    Edit::insert(self.file, k.span.start as usize, format!("{entry}, "))
                }
                (None, false) => Edit::insert(
                    self.file,
                    self.entry_end(last_key, last_value),
                    format!(", {entry}"),
                ),
            });
        }
        let (first_key, _) = map.iter().next()?;
        if !map
            .iter()
            .all(|(k, _)| self.starts_line(k.span.start as usize))
        {
            return None;
        }
        let indent = self.indent_of(first_key.span.start as usize);
        let line = self.block_entry(indent, &key_text, value);
        let anchor = after.and_then(|name| map.iter().find(|(k, _)| k.text == name));
        let at = match (anchor, first) {
            (Some((k, v)), _) => self.line_end(self.entry_end(k, v)),
            (None, true) => self.line_start(first_key.span.start as usize),
            (None, false) => {
                let (k, v) = map.iter().last()?;
                self.line_end(self.entry_end(k, v))
            }
        };
        Some(self.insert_line(at, line))
    }

    /// Writes `key: value` as the first entry under `parent`, whose value is null (`parent:`
    /// with nothing after it).
    pub fn insert_under(&self, parent: &Key, key: &str, value: Piece<'_>) -> Option<Edit> {
        if !self.starts_line(parent.span.start as usize) || self.json {
            return None;
        }
        let indent = self.indent_of(parent.span.start as usize) + self.unit();
        let line = self.block_entry(indent, &self.key_text(key), value);
        Some(self.insert_line(self.line_end(parent.span.end as usize), line))
    }

    /// A block entry at `indent` with the file's line breaks (a trailing one included).
    pub fn block_entry(&self, indent: usize, key_text: &str, value: Piece<'_>) -> String {
        let pad = " ".repeat(indent);
        let body = match value {
            Piece::Line(text) => format!("{key_text}: {text}"),
            Piece::Block(text) => {
                let mut lines = text.split('\n');
                let mut out = format!("{key_text}:{}", lines.next().unwrap_or(""));
                for line in lines {
                    out.push_str(self.eol);
                    if !line.is_empty() {
                        out.push_str(&pad);
                        out.push_str(line);
                    }
                }
                out
            }
        };
        format!("{pad}{body}{}", self.eol)
    }

    /// Inserts whole lines at a line start; after a last line without a break, adds one.
    pub fn insert_line(&self, at: usize, lines: String) -> Edit {
        if at == self.text.len() && !self.text.is_empty() && !self.text.ends_with('\n') {
            Edit::insert(self.file, at, format!("{}{lines}", self.eol))
        } else {
            Edit::insert(self.file, at, lines)
        }
    }

    /// The text of a value as it would follow `key:` when written under a key at column
    /// `to` instead of `from`: copied as written (comments, quoting and style kept),
    /// re-indented by the difference, line breaks as `\n`. `None` when the value cannot be
    /// moved that way (an alias, lines indented less than the shift).
    pub fn moved_value(&self, key: &Key, value: &Node, from: usize, to: usize) -> Option<String> {
        if self.is_alias(value) {
            return None;
        }
        let start = self.after_colon(key);
        let end = self.content_end(value);
        if end < start {
            return None;
        }
        let written = self.text[start..end].replace("\r\n", "\n");
        let mut lines = written.split('\n');
        let mut out = lines.next().unwrap_or("").to_owned();
        for line in lines {
            out.push('\n');
            if line.trim().is_empty() {
                continue;
            }
            if to >= from {
                out.push_str(&" ".repeat(to - from));
                out.push_str(line);
            } else {
                let cut = from - to;
                if !line.as_bytes().iter().take(cut).all(|&b| b == b' ') || line.len() < cut {
                    return None;
                }
                out.push_str(&line[cut..]);
            }
        }
        Some(out)
    }

    /// The comment that ends the line holding `at` (` # …`), when there is one after `at`.
    pub fn trailing_comment(&self, at: usize) -> Option<&'a str> {
        let end = self.line_end(at);
        let rest = self.text[at..end].trim_end_matches(['\n', '\r']);
        let trimmed = rest.trim_start();
        (trimmed.starts_with('#') && rest.len() > trimmed.len()).then_some(trimmed)
    }
}

/// The line break a text uses: `\r\n` when its first line ends so, else `\n`.
pub fn line_break(bytes: &[u8]) -> &'static str {
    match bytes.iter().position(|&b| b == b'\n') {
        Some(at) if at > 0 && bytes[at - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

/// A string as a JSON (and YAML double-quoted) literal.
pub fn json_string(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}

/// The mapping under `key` of `map`, with the key.
pub fn section<'m>(map: &'m Mapping, key: &str) -> Option<(&'m Key, &'m Node)> {
    Some((map.key(key)?, map.get(key)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;
    use crate::transform::fix::edit::splice;

    fn run(text: &str, edit: impl Fn(&Layout<'_>, &Node) -> Vec<Edit>) -> String {
        let document = parse(text.as_bytes(), &YamlLimits::default()).unwrap();
        let layout = Layout::new("f.yaml", text, document.syntax);
        let edits = edit(&layout, &document.root);
        let refs: Vec<&Edit> = edits.iter().collect();
        let out = String::from_utf8(splice("f.yaml", text.as_bytes(), &refs).unwrap()).unwrap();
        parse(out.as_bytes(), &YamlLimits::default()).unwrap_or_else(|e| panic!("{e}\n{out}"));
        out
    }

    fn root_key<'n>(root: &'n Node, name: &str) -> &'n Key {
        root.as_map().unwrap().key(name).unwrap()
    }

    #[test]
    fn block_entries_go_with_their_lines_and_comments_stay() {
        let text = "p:\n  a:\n    type: string\n    default: x   # why\n\n  # about b\n  b: {type: number}\n";
        let out = run(text, |l, root| {
            let a = root.get("p").unwrap().get("a").unwrap();
            l.delete_entry(a, None, "default").unwrap()
        });
        assert_eq!(
            out,
            "p:\n  a:\n    type: string\n\n  # about b\n  b: {type: number}\n"
        );
    }

    #[test]
    fn the_only_entry_leaves_an_empty_map() {
        let text = "parameters:\n  a:\n    type: string\nresources: {}\n";
        let out = run(text, |l, root| {
            l.delete_entry(
                root.get("parameters").unwrap(),
                Some(root_key(root, "parameters")),
                "a",
            )
            .unwrap()
        });
        assert_eq!(out, "parameters: {}\nresources: {}\n");
    }

    #[test]
    fn flow_entries_go_with_their_comma() {
        let text = "a: {x: 1, y: [2, 3], z: 4}\n";
        let middle = run(text, |l, root| {
            l.delete_entry(root.get("a").unwrap(), None, "y").unwrap()
        });
        assert_eq!(middle, "a: {x: 1, z: 4}\n");
        let first = run(text, |l, root| {
            l.delete_entry(root.get("a").unwrap(), None, "x").unwrap()
        });
        assert_eq!(first, "a: {y: [2, 3], z: 4}\n");
        let only = run("a: {x: 1}\n", |l, root| {
            l.delete_entry(root.get("a").unwrap(), None, "x").unwrap()
        });
        assert_eq!(only, "a: {}\n");
        let json = run("{\"a\": {\"x\": 1, \"y\": 2}}", |l, root| {
            l.delete_entry(root.get("a").unwrap(), None, "y").unwrap()
        });
        assert_eq!(json, "{\"a\": {\"x\": 1}}");
    }

    #[test]
    fn sequence_items_in_both_styles() {
        let block = run("l:\n  - a\n  - b # two\n  - c\n", |l, root| {
            l.delete_item(root.get("l").unwrap(), Some(root_key(root, "l")), 1)
                .unwrap()
        });
        assert_eq!(block, "l:\n  - a\n  - c\n");
        let only = run("l:\n- a\nm: 1\n", |l, root| {
            l.delete_item(root.get("l").unwrap(), Some(root_key(root, "l")), 0)
                .unwrap()
        });
        assert_eq!(only, "l: []\nm: 1\n");
        let flow = run("l: [a, b, c]\n", |l, root| {
            l.delete_item(root.get("l").unwrap(), None, 2).unwrap()
        });
        assert_eq!(flow, "l: [a, b]\n");
    }

    #[test]
    fn inserted_entries_follow_indentation_line_breaks_and_style() {
        let crlf = "\u{feff}p:\r\n    a: 1\r\n    b: 2\r\n";
        let out = run(crlf, |l, root| {
            vec![
                l.insert_entry(
                    root.get("p").unwrap(),
                    Some("a"),
                    false,
                    "c",
                    Piece::Line("'x'"),
                )
                .unwrap(),
            ]
        });
        assert_eq!(out, "\u{feff}p:\r\n    a: 1\r\n    c: 'x'\r\n    b: 2\r\n");
        let top = run(crlf, |l, root| {
            vec![
                l.insert_entry(root, None, true, "d", Piece::Line("v"))
                    .unwrap(),
            ]
        });
        assert_eq!(top, "\u{feff}d: v\r\np:\r\n    a: 1\r\n    b: 2\r\n");
        let flow = run("p: {a: 1}\nq: {}\n", |l, root| {
            vec![
                l.insert_entry(root.get("p").unwrap(), None, false, "b", Piece::Line("2"))
                    .unwrap(),
                l.insert_entry(root.get("q").unwrap(), None, false, "c", Piece::Line("3"))
                    .unwrap(),
            ]
        });
        assert_eq!(flow, "p: {a: 1, b: 2}\nq: {c: 3}\n");
        let no_break = run("p:\n  a: 1", |l, root| {
            vec![
                l.insert_entry(
                    root.get("p").unwrap(),
                    None,
                    false,
                    "b",
                    Piece::Block(" |\n  two\n  lines"),
                )
                .unwrap(),
            ]
        });
        assert_eq!(no_break, "p:\n  a: 1\n  b: |\n    two\n    lines\n");
        let under = run("p:\nq: 1\n", |l, root| {
            vec![
                l.insert_under(root_key(root, "p"), "a", Piece::Line("1"))
                    .unwrap(),
            ]
        });
        assert_eq!(under, "p:\n  a: 1\nq: 1\n");
    }

    #[test]
    fn values_move_with_their_formatting() {
        let text = "p:\n  x:\n    default:\n      - a   # first\n      - b\n    type: json\n";
        let document = parse(text.as_bytes(), &YamlLimits::default()).unwrap();
        let layout = Layout::new("f.yaml", text, document.syntax);
        let x = document
            .root
            .get("p")
            .unwrap()
            .get("x")
            .unwrap()
            .as_map()
            .unwrap();
        let moved = layout
            .moved_value(x.key("default").unwrap(), x.get("default").unwrap(), 4, 2)
            .unwrap();
        assert_eq!(moved, "\n    - a   # first\n    - b");
        assert_eq!(
            layout.trailing_comment(text.find("a   #").unwrap() + 1),
            Some("# first")
        );
    }

    #[test]
    fn scalars_keep_their_quotes() {
        let text = "a: \"x-y\"\nb: 'p-q'\nc: r-s\n";
        let document = parse(text.as_bytes(), &YamlLimits::default()).unwrap();
        let layout = Layout::new("f.yaml", text, document.syntax);
        let span = |k: &str| {
            let n = document.root.get(k).unwrap();
            (n.span.start as usize, n.span.end as usize)
        };
        let (s, e) = span("a");
        assert_eq!(layout.replace_scalar(s, e, "x_y").replacement, "\"x_y\"");
        let (s, e) = span("b");
        assert_eq!(layout.replace_scalar(s, e, "p_q").replacement, "'p_q'");
        let (s, e) = span("c");
        assert_eq!(layout.replace_scalar(s, e, "yes").replacement, "'yes'");
    }
}
