//! Turns bytes into a [`Document`] the way Heat's template parser does, keeping every position.
//!
//! The tree is built iteratively from the event stream of `granit-parser` (the parser that
//! serde-saphyr is built on, re-exported by it), so nesting depth costs heap, not stack, and
//! aliases, merge keys and duplicate keys are handled here with explicit budgets.
//! `docs/decisions.md` explains why this is not serde-saphyr's `Deserialize` path.

use serde_saphyr::granit_parser::{
    ErrorKind, Event, Marker, Options, Parser, ScalarStyle, Span as ParserSpan, Tag,
};

use super::error::LoadError;
use super::indent_repair::{MAX_REPAIRS, Shifts};
use super::node::{Key, Mapping, Node, Value};
use super::scalar;
use crate::foundation::diagnostics::Span;
use crate::foundation::limits::YamlLimits;

/// Whether the text was read as JSON (it starts with `{`) or as YAML, as Heat decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// Parsed as JSON.
    Json,
    /// Parsed as YAML 1.1.
    Yaml,
}

/// A key written twice in one mapping; Heat keeps the second value.
#[derive(Clone, Debug, PartialEq)]
pub struct DuplicateKey {
    /// The key text.
    pub key: String,
    /// Dotted path of the mapping holding the key (empty at the top level).
    pub parent: String,
    /// Where the key is first written.
    pub first: Span,
    /// Where it is written again.
    pub second: Span,
}

/// A parsed file: its tree and what the loader noticed on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// The root node (`Null` for an empty file).
    pub root: Node,
    /// JSON or YAML.
    pub syntax: Syntax,
    /// Keys written twice, in source order.
    pub duplicates: Vec<DuplicateKey>,
}

/// Parses UTF-8 (optionally with a BOM, CRLF line ends) as Heat does: JSON when the text
/// starts with `{`, YAML 1.1 otherwise.
pub fn parse(bytes: &[u8], limits: &YamlLimits) -> Result<Document, LoadError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let offset = e.valid_up_to();
        LoadError::InvalidUtf8 {
            offset,
            at: span_at_byte(bytes, offset),
        }
    })?;
    if let Some(offset) = first_long_line(text, limits.max_line_bytes) {
        return Err(LoadError::LineTooLong {
            limit: limits.max_line_bytes,
            at: span_at_byte(bytes, offset),
        });
    }
    let syntax = if text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('{')
    {
        Syntax::Json
    } else {
        Syntax::Yaml
    };
    if syntax == Syntax::Json
        && let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text)
    {
        let at = span_at_line_col(text, e.line(), e.column());
        return Err(LoadError::Syntax {
            message: format!("invalid JSON: {e}"),
            at,
        });
    }
    let mut shifts = Shifts::default();
    loop {
        let repaired = shifts.apply(text);
        match Builder::new(&repaired, syntax, limits, &shifts).run() {
            Err(Failure::QuotedIndent(error))
                if shifts.len() < MAX_REPAIRS && shifts.repair(text, error.span().line) => {}
            Err(Failure::QuotedIndent(error) | Failure::Load(error)) => return Err(error),
            Ok(document) => return Ok(document),
        }
    }
}

/// The byte offset where the first line longer than `limit` bytes starts.
fn first_long_line(text: &str, limit: usize) -> Option<usize> {
    if text.len() <= limit {
        return None;
    }
    let mut start = 0;
    for line in text.split('\n') {
        if line.len() > limit {
            return Some(start);
        }
        start += line.len() + 1;
    }
    None
}

/// Why a parse attempt stopped: a Heat-tolerated indentation we can repair, or a real error.
enum Failure {
    QuotedIndent(LoadError),
    Load(LoadError),
}

impl From<LoadError> for Failure {
    fn from(error: LoadError) -> Self {
        Failure::Load(error)
    }
}

/// Line/column of a byte offset, counting columns in characters.
pub fn span_at_byte(bytes: &[u8], offset: usize) -> Span {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count() as u32
        + 1;
    Span {
        line,
        column,
        start: offset as u32,
        end: offset as u32,
    }
}

fn span_at_line_col(text: &str, line: usize, column: usize) -> Span {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    Span {
        line: line.max(1) as u32,
        column: column.max(1) as u32,
        start: start as u32,
        end: start as u32,
    }
}

fn marker_span(start: &Marker, end: &Marker) -> Span {
    Span {
        line: start.line() as u32,
        column: start.col() as u32 + 1,
        start: start.byte_offset().unwrap_or(0) as u32,
        end: end.byte_offset().unwrap_or(0) as u32,
    }
}

/// A collection being filled.
enum Frame {
    Seq {
        items: Vec<Node>,
        start: Marker,
        anchor: usize,
        nodes_before: usize,
        bytes_before: usize,
    },
    Map {
        mapping: Mapping,
        key: Option<(Key, bool)>,
        merges: Vec<Node>,
        start: Marker,
        anchor: usize,
        nodes_before: usize,
        bytes_before: usize,
    },
}

/// An anchored node with the cost of copying it.
struct Anchored {
    node: Node,
    nodes: usize,
    bytes: usize,
}

struct Builder<'a> {
    text: &'a str,
    /// Re-indented lines, to map positions back to the original text.
    shifts: &'a Shifts,
    syntax: Syntax,
    limits: YamlLimits,
    stack: Vec<Frame>,
    anchors: Vec<Option<Anchored>>,
    duplicates: Vec<DuplicateKey>,
    /// Nodes and scalar bytes so far, to size each anchored subtree.
    nodes: usize,
    bytes: usize,
    /// What alias expansion alone has copied, against the budget.
    alias_nodes: usize,
    alias_bytes: usize,
    root: Option<Node>,
}

impl<'a> Builder<'a> {
    fn new(text: &'a str, syntax: Syntax, limits: &YamlLimits, shifts: &'a Shifts) -> Self {
        Builder {
            text,
            shifts,
            syntax,
            limits: *limits,
            stack: Vec::new(),
            anchors: Vec::new(),
            duplicates: Vec::new(),
            nodes: 0,
            bytes: 0,
            alias_nodes: 0,
            alias_bytes: 0,
            root: None,
        }
    }

    fn marker_span(&self, start: &Marker, end: &Marker) -> Span {
        self.shifts.restore(marker_span(start, end))
    }

    fn event_span(&self, span: &ParserSpan) -> Span {
        self.marker_span(&span.start, &span.end)
    }

    fn run(mut self) -> Result<Document, Failure> {
        let mut options = Options::default();
        // Comments are skipped either way; not capturing their text saves a copy of each.
        options.set_emit_comments(false);
        options.flow_nesting_limit = self.limits.max_depth;
        options.block_nesting_limit = self.limits.max_depth;
        let mut parser = Parser::new_from_str_with_options(self.text, options);
        let mut documents = 0;
        while let Some(next) = parser.next_event() {
            let (event, span) = next.map_err(|e| {
                let at = self.marker_span(e.marker(), e.marker());
                match e.kind() {
                    ErrorKind::RecursionLimitExceeded => Failure::Load(LoadError::TooDeep {
                        limit: self.limits.max_depth,
                        at,
                    }),
                    kind => {
                        let error = LoadError::Syntax {
                            message: e.info().to_owned(),
                            at,
                        };
                        if matches!(kind, ErrorKind::InvalidQuotedScalarIndent) {
                            Failure::QuotedIndent(error)
                        } else {
                            Failure::Load(error)
                        }
                    }
                }
            })?;
            match event {
                Event::DocumentStart(..) => {
                    documents += 1;
                    if documents > 1 {
                        return Err(LoadError::MultipleDocuments {
                            at: self.event_span(&span),
                        }
                        .into());
                    }
                }
                Event::Scalar(text, style, anchor, tag) => {
                    let at = self.event_span(&span);
                    let value = self.scalar(&text, style, tag.as_deref(), at)?;
                    self.nodes += 1;
                    self.bytes += text.len();
                    let node = Node { value, span: at };
                    self.remember(anchor, &node, 1, text.len());
                    self.push(node, style == ScalarStyle::Plain && tag.is_none())?;
                }
                Event::SequenceStart(_, anchor, tag) => {
                    self.check_collection_tag(tag.as_deref(), "seq", &span)?;
                    self.open(&span)?;
                    self.stack.push(Frame::Seq {
                        items: Vec::new(),
                        start: span.start,
                        anchor,
                        nodes_before: self.nodes,
                        bytes_before: self.bytes,
                    });
                }
                Event::MappingStart(_, anchor, tag) => {
                    self.check_collection_tag(tag.as_deref(), "map", &span)?;
                    self.open(&span)?;
                    self.stack.push(Frame::Map {
                        mapping: Mapping::default(),
                        key: None,
                        merges: Vec::new(),
                        start: span.start,
                        anchor,
                        nodes_before: self.nodes,
                        bytes_before: self.bytes,
                    });
                }
                Event::SequenceEnd | Event::MappingEnd => self.close(&span)?,
                Event::Alias(id) => self.alias(id, self.event_span(&span))?,
                _ => {}
            }
        }
        Ok(Document {
            root: self.root.unwrap_or(Node {
                value: Value::Null,
                span: Span {
                    line: 1,
                    column: 1,
                    start: 0,
                    end: 0,
                },
            }),
            syntax: self.syntax,
            duplicates: self.duplicates,
        })
    }

    fn scalar(
        &self,
        text: &str,
        style: ScalarStyle,
        tag: Option<&Tag>,
        at: Span,
    ) -> Result<Value, LoadError> {
        match tag {
            None if style == ScalarStyle::Plain => Ok(match self.syntax {
                Syntax::Json => scalar::resolve_json(text),
                Syntax::Yaml => scalar::resolve_plain(text),
            }),
            None => Ok(Value::Str(text.to_owned())),
            Some(tag) if tag.handle() == "!" && tag.suffix().is_empty() => {
                Ok(Value::Str(text.to_owned()))
            }
            Some(tag) if tag.handle() == "tag:yaml.org,2002:" => {
                scalar::resolve_tagged(tag.suffix(), text)
                    .map_err(|message| LoadError::BadTaggedValue { message, at })
            }
            Some(tag) => Err(LoadError::UnknownTag {
                tag: format!("{}{}", tag.handle(), tag.suffix()),
                at,
            }),
        }
    }

    fn check_collection_tag(
        &self,
        tag: Option<&Tag>,
        expected: &str,
        span: &ParserSpan,
    ) -> Result<(), LoadError> {
        match tag {
            None => Ok(()),
            Some(tag)
                if tag.handle() == "tag:yaml.org,2002:" && tag.suffix() == expected
                    || tag.handle() == "!" && tag.suffix().is_empty() =>
            {
                Ok(())
            }
            Some(tag) => Err(LoadError::UnknownTag {
                tag: format!("{}{}", tag.handle(), tag.suffix()),
                at: self.event_span(span),
            }),
        }
    }

    fn open(&mut self, span: &ParserSpan) -> Result<(), LoadError> {
        if self.stack.len() >= self.limits.max_depth {
            return Err(LoadError::TooDeep {
                limit: self.limits.max_depth,
                at: self.event_span(span),
            });
        }
        self.nodes += 1;
        Ok(())
    }

    /// Adds an alias copy to the totals and stops when the expansion budget is spent.
    fn count_alias(&mut self, nodes: usize, bytes: usize, at: Span) -> Result<(), LoadError> {
        self.nodes += nodes;
        self.bytes += bytes;
        self.alias_nodes += nodes;
        self.alias_bytes += bytes;
        if self.alias_nodes > self.limits.max_alias_nodes {
            return Err(LoadError::AliasBudget {
                limit: self.limits.max_alias_nodes,
                unit: "nodes",
                at,
            });
        }
        if self.alias_bytes > self.limits.max_alias_bytes {
            return Err(LoadError::AliasBudget {
                limit: self.limits.max_alias_bytes,
                unit: "bytes",
                at,
            });
        }
        Ok(())
    }

    fn remember(&mut self, anchor: usize, node: &Node, nodes: usize, bytes: usize) {
        if anchor == 0 {
            return;
        }
        if self.anchors.len() <= anchor {
            self.anchors.resize_with(anchor + 1, || None);
        }
        self.anchors[anchor] = Some(Anchored {
            node: node.clone(),
            nodes,
            bytes,
        });
    }

    fn alias(&mut self, id: usize, at: Span) -> Result<(), LoadError> {
        let Some(Some(anchored)) = self.anchors.get(id) else {
            return Err(LoadError::Syntax {
                message: "this alias names no anchor defined before it".to_owned(),
                at,
            });
        };
        let (nodes, bytes) = (anchored.nodes, anchored.bytes);
        // The budget is checked before copying, so a bomb never allocates.
        self.count_alias(nodes, bytes, at)?;
        if let Some(Some(anchored)) = self.anchors.get(id) {
            let mut node = anchored.node.clone();
            node.span = at;
            self.push(node, false)?;
        }
        Ok(())
    }

    fn close(&mut self, span: &ParserSpan) -> Result<(), LoadError> {
        let frame = self
            .stack
            .pop()
            .expect("the parser balances start and end events");
        let (value, start, anchor, nodes_before, bytes_before) = match frame {
            Frame::Seq {
                items,
                start,
                anchor,
                nodes_before,
                bytes_before,
            } => (Value::Seq(items), start, anchor, nodes_before, bytes_before),
            Frame::Map {
                mapping,
                merges,
                start,
                anchor,
                nodes_before,
                bytes_before,
                ..
            } => (
                Value::Map(merge(mapping, merges)),
                start,
                anchor,
                nodes_before,
                bytes_before,
            ),
        };
        let node = Node {
            value,
            span: self.marker_span(&start, &span.end),
        };
        let nodes = self.nodes - nodes_before + 1;
        let bytes = self.bytes - bytes_before;
        self.remember(anchor, &node, nodes, bytes);
        self.push(node, false)
    }

    /// Hands a finished node to its parent; `plain` says whether a scalar key was unquoted
    /// and untagged (only then is `<<` a merge key).
    fn push(&mut self, node: Node, plain: bool) -> Result<(), LoadError> {
        let duplicate = match self.stack.last_mut() {
            None => {
                self.root = Some(node);
                None
            }
            Some(Frame::Seq { items, .. }) => {
                items.push(node);
                None
            }
            Some(Frame::Map {
                mapping,
                key,
                merges,
                ..
            }) => match key.take() {
                None => {
                    let kind = match node.value {
                        Value::Seq(_) => Some("a list"),
                        Value::Map(_) => Some("a map"),
                        _ => None,
                    };
                    if let Some(kind) = kind {
                        return Err(LoadError::UnhashableKey {
                            kind,
                            at: node.span,
                        });
                    }
                    *key = Some((key_of(node), plain));
                    None
                }
                Some((k, true)) if k.text == "<<" => {
                    merges.push(node);
                    None
                }
                Some((k, _)) => {
                    let second = k.span;
                    mapping
                        .insert(k, node)
                        .map(|first| (first.text, first.span, second))
                }
            },
        };
        if let Some((key, first, second)) = duplicate {
            let parent = self.path();
            self.duplicates.push(DuplicateKey {
                key,
                parent,
                first,
                second,
            });
        }
        Ok(())
    }

    /// Dotted path of the innermost open mapping, computed only when a duplicate needs it.
    fn path(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for frame in &self.stack[..self.stack.len().saturating_sub(1)] {
            match frame {
                Frame::Seq { items, .. } => parts.push(items.len().to_string()),
                Frame::Map { key, .. } => {
                    if let Some((k, _)) = key {
                        parts.push(k.text.clone());
                    }
                }
            }
        }
        parts.join(".")
    }
}

/// The key a node makes; a string key keeps its text without a copy.
fn key_of(node: Node) -> Key {
    let text = match node.value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => if b { "True" } else { "False" }.to_owned(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Str(s) => s,
        // A list or map key is refused before it gets here.
        Value::Seq(_) | Value::Map(_) => String::new(),
    };
    Key {
        text,
        span: node.span,
    }
}

/// YAML 1.1 merge keys (`<<: *base`): explicit keys win, then earlier merge sources.
fn merge(explicit: Mapping, merges: Vec<Node>) -> Mapping {
    if merges.is_empty() {
        return explicit;
    }
    let mut sources: Vec<Mapping> = Vec::new();
    for node in merges {
        match node.value {
            Value::Map(m) => sources.push(m),
            Value::Seq(items) => sources.extend(items.into_iter().filter_map(|n| match n.value {
                Value::Map(m) => Some(m),
                _ => None,
            })),
            _ => {}
        }
    }
    let mut merged = Mapping::default();
    for source in sources {
        for (k, v) in source.iter() {
            if merged.get(&k.text).is_none() {
                merged.insert(k.clone(), v.clone());
            }
        }
    }
    for (k, v) in explicit.iter() {
        merged.insert(k.clone(), v.clone());
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Document, LoadError> {
        parse(text.as_bytes(), &YamlLimits::default())
    }

    #[test]
    fn keeps_positions_of_keys_and_values() {
        let doc = load("a:\n  b: [1, x]\n").unwrap();
        let a = doc.root.as_map().unwrap().key("a").unwrap();
        assert_eq!((a.span.line, a.span.column), (1, 1));
        let b = doc.root.get("a").unwrap().get("b").unwrap();
        assert_eq!((b.span.line, b.span.column), (2, 6));
        assert_eq!(b.as_seq().unwrap()[1].span.column, 10);
    }

    #[test]
    fn heat_reads_dates_as_strings_and_yes_as_true() {
        let doc = load("v: 2013-05-23\nf: yes\n").unwrap();
        assert_eq!(doc.root.get("v").unwrap().as_str(), Some("2013-05-23"));
        assert_eq!(doc.root.get("f").unwrap().value, Value::Bool(true));
    }

    #[test]
    fn accepts_bom_and_crlf() {
        let doc = parse(b"\xef\xbb\xbfa: 1\r\nb: two\r\n", &YamlLimits::default()).unwrap();
        let b = doc.root.as_map().unwrap().key("b").unwrap();
        assert_eq!(b.span.line, 2);
        assert_eq!(doc.root.get("b").unwrap().as_str(), Some("two"));
    }

    #[test]
    fn a_list_or_map_as_a_key_is_refused_where_it_is_written() {
        let err = load("a:\n  name: { [names, 0] }\n").unwrap_err();
        assert!(
            matches!(err, LoadError::UnhashableKey { kind: "a list", .. }),
            "{err:?}"
        );
        assert_eq!((err.span().line, err.span().column), (2, 11));
        assert!(err.to_string().contains("found unhashable key"), "{err}");
        let err = load("? {a: 1}\n: b\n").unwrap_err();
        assert!(
            matches!(err, LoadError::UnhashableKey { kind: "a map", .. }),
            "{err:?}"
        );
        assert!(load("? [a, b]\n").is_err());
        assert!(load("1: a\nnull: b\ntrue: c\n").is_ok());
    }

    #[test]
    fn duplicate_keys_keep_the_last_value_and_both_places() {
        let doc = load("a: 1\nb: 2\na: 3\n").unwrap();
        assert_eq!(doc.root.get("a").unwrap().value, Value::Int(3));
        assert_eq!(doc.duplicates.len(), 1);
        assert_eq!(doc.duplicates[0].first.line, 1);
        assert_eq!(doc.duplicates[0].second.line, 3);
    }

    #[test]
    fn json_is_tried_first() {
        let doc = load("{\"a\": 1e3, \"b\": \"yes\"}").unwrap();
        assert_eq!(doc.syntax, Syntax::Json);
        assert_eq!(doc.root.get("a").unwrap().value, Value::Float(1000.0));
        assert_eq!(doc.root.get("b").unwrap().as_str(), Some("yes"));
        let broken = load("{\"a\": 1,}").unwrap_err();
        assert!(broken.to_string().contains("JSON"), "{broken}");
    }

    #[test]
    fn limits_stop_bombs_and_deep_nesting() {
        let deep = "[".repeat(200_000) + &"]".repeat(200_000);
        assert!(matches!(load(&deep), Err(LoadError::TooDeep { .. })));
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (i, name) in ["b", "c", "d", "e", "f", "g"].iter().enumerate() {
            let prev = ["a", "b", "c", "d", "e", "f"][i];
            bomb.push_str(&format!(
                "{name}: &{name} [{}]\n",
                vec![format!("*{prev}"); 10].join(", ")
            ));
        }
        assert!(matches!(load(&bomb), Err(LoadError::AliasBudget { .. })));
    }

    #[test]
    fn invalid_utf8_names_its_byte_offset() {
        let error = parse(b"a: 1\nb: \xff\n", &YamlLimits::default()).unwrap_err();
        match error {
            LoadError::InvalidUtf8 { offset, at } => {
                assert_eq!(offset, 8);
                assert_eq!((at.line, at.column), (2, 4));
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn quoted_continuation_at_block_indent_is_accepted_as_heat_does() {
        let text = "r:\n  t:\n    template: \"{\n      a: 1\n    }\"\n    next: 2\n";
        let doc = load(text).unwrap();
        let t = doc.root.get("r").unwrap().get("t").unwrap();
        assert_eq!(t.get("template").unwrap().as_str(), Some("{ a: 1 }"));
        let next = t.as_map().unwrap().key("next").unwrap();
        assert_eq!((next.span.line, next.span.column), (6, 5));
        assert_eq!(
            &text[next.span.start as usize..next.span.end as usize],
            "next"
        );
    }

    #[test]
    fn unknown_tags_and_second_documents_are_refused() {
        assert!(matches!(
            load("a: !Ref x\n"),
            Err(LoadError::UnknownTag { .. })
        ));
        assert!(matches!(
            load("a: 1\n---\nb: 2\n"),
            Err(LoadError::MultipleDocuments { .. })
        ));
        assert_eq!(
            load("a: !!str 12\n")
                .unwrap()
                .root
                .get("a")
                .unwrap()
                .as_str(),
            Some("12")
        );
    }

    #[test]
    fn merge_keys_fill_missing_entries() {
        let doc = load("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n").unwrap();
        let used = doc.root.get("use").unwrap();
        assert_eq!(used.get("x").unwrap().value, Value::Int(1));
        assert_eq!(used.get("y").unwrap().value, Value::Int(3));
    }
}
