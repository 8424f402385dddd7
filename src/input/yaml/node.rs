//! The position-keeping YAML tree that every HOT loader and rule reads.

use std::hash::BuildHasher;

use foldhash::fast::RandomState;
use hashbrown::HashTable;

use crate::foundation::diagnostics::Span;

/// A scalar, sequence or mapping with the span it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The value, with children carrying their own spans.
    pub value: Value,
    /// Where the value starts in the source.
    pub span: Span,
}

/// A YAML value under Heat's YAML 1.1 reading.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `~`, `null` or an empty value.
    Null,
    /// `true`/`false`, and YAML 1.1's `yes`/`no`/`on`/`off`.
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// A float (or an integer too large for 64 bits).
    Float(f64),
    /// A string, including unquoted dates (Heat keeps them as text).
    Str(String),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in source order.
    Map(Mapping),
}

/// A mapping key: its text and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    /// The key as text (non-string scalar keys are rendered in their YAML form).
    pub text: String,
    /// Where the key is written.
    pub span: Span,
}

/// Above this many entries a mapping keeps a hash index, so lookups stay O(1) in big sections.
const INDEX_THRESHOLD: usize = 12;

/// Mapping entries in source order; after a duplicate key only the last value is kept, as in Heat.
#[derive(Clone, Debug, Default)]
pub struct Mapping {
    entries: Vec<(Key, Node)>,
    /// Boxed: most mappings have none, and every node is as big as its largest variant.
    index: Option<Box<Index>>,
}

/// The positions of a big mapping's entries by key. The table holds positions only, so
/// building it copies no key; foldhash rather than SipHash, since every rule looks keys up
/// here, and its per-process seed still keeps crafted colliding keys from being planned in
/// advance.
#[derive(Clone, Debug, Default)]
struct Index {
    table: HashTable<usize>,
    hasher: RandomState,
}

impl Index {
    fn of(entries: &[(Key, Node)]) -> Index {
        let mut index = Index {
            table: HashTable::with_capacity(entries.len()),
            hasher: RandomState::default(),
        };
        for at in 0..entries.len() {
            index.add(entries, at);
        }
        index
    }

    fn hash(&self, key: &str) -> u64 {
        self.hasher.hash_one(key)
    }

    fn find(&self, entries: &[(Key, Node)], key: &str) -> Option<usize> {
        self.table
            .find(self.hash(key), |&at| entries[at].0.text == key)
            .copied()
    }

    /// Indexes entry `at`, whose key no other entry has.
    fn add(&mut self, entries: &[(Key, Node)], at: usize) {
        let hash = self.hash(&entries[at].0.text);
        let hasher = &self.hasher;
        self.table.insert_unique(hash, at, |&other| {
            hasher.hash_one(entries[other].0.text.as_str())
        });
    }
}

impl PartialEq for Mapping {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl Mapping {
    fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.find(&self.entries, key),
            None => self.entries.iter().position(|(k, _)| k.text == key),
        }
    }

    /// Inserts an entry; a repeated key replaces the earlier value and returns the earlier key.
    pub fn insert(&mut self, key: Key, value: Node) -> Option<Key> {
        if let Some(at) = self.position(&key.text) {
            let slot = &mut self.entries[at];
            slot.1 = value;
            return Some(std::mem::replace(&mut slot.0, key));
        }
        self.entries.push((key, value));
        match &mut self.index {
            Some(index) => index.add(&self.entries, self.entries.len() - 1),
            None if self.entries.len() > INDEX_THRESHOLD => {
                self.index = Some(Box::new(Index::of(&self.entries)));
            }
            None => {}
        }
        None
    }

    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.position(key).map(|at| &self.entries[at].1)
    }

    /// The value under `key`, for editing.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        self.position(key).map(|at| &mut self.entries[at].1)
    }

    /// Removes the entry named `key` and returns it; later entries keep their order.
    pub fn remove(&mut self, key: &str) -> Option<(Key, Node)> {
        let at = self.position(key)?;
        if let Some(index) = &mut self.index {
            let hash = index.hash(key);
            if let Ok(slot) = index.table.find_entry(hash, |&i| i == at) {
                slot.remove();
            }
            for slot in index.table.iter_mut() {
                if *slot > at {
                    *slot -= 1;
                }
            }
        }
        Some(self.entries.remove(at))
    }

    /// The key entry named `key` and its value, found once.
    pub fn entry(&self, key: &str) -> Option<(&Key, &Node)> {
        self.position(key).map(|at| {
            let (key, node) = &self.entries[at];
            (key, node)
        })
    }

    /// The key entry named `key` (for its span).
    pub fn key(&self, key: &str) -> Option<&Key> {
        self.position(key).map(|at| &self.entries[at].0)
    }

    /// The last entry whose key starts at or before byte `offset`: the entry a place inside
    /// it belongs to, found by bisection, since entries are in source order (except after a
    /// repeated key, whose later key takes the earlier place: a caller that must find
    /// every entry checks what it gets and falls back to [`Mapping::iter`]).
    pub fn entry_before(&self, offset: u32) -> Option<(&Key, &Node)> {
        let after = self
            .entries
            .partition_point(|(k, _)| k.span.start <= offset);
        let (key, node) = self.entries.get(after.checked_sub(1)?)?;
        Some((key, node))
    }

    /// Entries in source order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Key, &Node)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// Values in source order, for editing.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Node> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the mapping has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Node {
    /// The mapping inside, if this is one.
    pub fn as_map(&self) -> Option<&Mapping> {
        match &self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The sequence inside, if this is one.
    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.value {
            Value::Seq(s) => Some(s),
            _ => None,
        }
    }

    /// The string inside, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The mapping inside, for editing.
    pub fn as_map_mut(&mut self) -> Option<&mut Mapping> {
        match &mut self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// Looks up `key` when this node is a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map().and_then(|m| m.get(key))
    }

    /// True for `Null`.
    pub fn is_null(&self) -> bool {
        matches!(self.value, Value::Null)
    }

    /// True when the node holds nothing: null, a blank string, an empty list or map.
    pub fn is_blank(&self) -> bool {
        match &self.value {
            Value::Null => true,
            Value::Str(s) => s.trim().is_empty(),
            Value::Seq(items) => items.is_empty(),
            Value::Map(map) => map.is_empty(),
            Value::Bool(_) | Value::Int(_) | Value::Float(_) => false,
        }
    }

    /// A short name of the value's kind, for messages ("a string", "a list", …).
    pub fn kind(&self) -> &'static str {
        self.value.kind()
    }

    /// True when both nodes hold the same value, wherever they are written (positions are
    /// ignored; key order counts, NaN equals NaN).
    pub fn same_value(&self, other: &Node) -> bool {
        match (&self.value, &other.value) {
            (Value::Map(x), Value::Map(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((kx, vx), (ky, vy))| kx.text == ky.text && vx.same_value(vy))
            }
            (Value::Seq(x), Value::Seq(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p.same_value(q))
            }
            (Value::Float(x), Value::Float(y)) => x == y || (x.is_nan() && y.is_nan()),
            (x, y) => x == y,
        }
    }
}

impl Value {
    /// A short name of the kind, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Int(_) | Value::Float(_) => "a number",
            Value::Str(_) => "a string",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a map",
        }
    }
}

/// A scalar's text as the operator wrote it (`12`, `true`, `berlin-07`).
pub fn scalar_text(value: &Node) -> Option<String> {
    match &value.value {
        Value::Str(s) => Some(s.clone()),
        Value::Int(i) => Some(i.to_string()),
        Value::Float(f) => Some(f.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(value: Value) -> Node {
        Node {
            value,
            span: Span::default(),
        }
    }

    #[test]
    fn removal_keeps_order_and_the_index() {
        let mut map = Mapping::default();
        for i in 0..20 {
            let key = Key {
                text: format!("k{i}"),
                span: Span::default(),
            };
            map.insert(key, node(Value::Int(i)));
        }
        assert!(map.remove("k3").is_some());
        assert!(map.remove("k3").is_none());
        assert_eq!(map.len(), 19);
        assert_eq!(map.get("k19"), Some(&node(Value::Int(19))));
        assert_eq!(map.get("k4"), Some(&node(Value::Int(4))));
        *map.get_mut("k5").unwrap() = node(Value::Null);
        assert!(map.get("k5").unwrap().is_null());
        let keys: Vec<&str> = map.iter().map(|(k, _)| k.text.as_str()).take(4).collect();
        assert_eq!(keys, ["k0", "k1", "k2", "k4"]);
        for i in (0..20).filter(|&i| i != 3) {
            let (key, _) = map.entry(&format!("k{i}")).unwrap();
            assert_eq!(key.text, format!("k{i}"), "the index follows the removal");
        }
        let again = Key {
            text: "k3".to_owned(),
            span: Span::default(),
        };
        assert!(map.insert(again, node(Value::Int(3))).is_none());
        assert_eq!(map.get("k3"), Some(&node(Value::Int(3))));
        assert_eq!(map.iter().last().map(|(k, _)| k.text.as_str()), Some("k3"));
    }

    #[test]
    fn blank_values() {
        assert!(node(Value::Null).is_blank());
        assert!(node(Value::Str("  ".into())).is_blank());
        assert!(node(Value::Seq(Vec::new())).is_blank());
        assert!(node(Value::Map(Mapping::default())).is_blank());
        assert!(!node(Value::Str("x".into())).is_blank());
        assert!(!node(Value::Bool(false)).is_blank());
        assert!(!node(Value::Int(0)).is_blank());
    }
}

#[cfg(test)]
mod entry_before_tests {
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;

    #[test]
    fn a_place_finds_the_entry_it_lies_in() {
        let text = "a: 1\nb:\n  x: 2\nc: 3\n";
        let document = parse(text.as_bytes(), &YamlLimits::default()).unwrap();
        let map = document.root.as_map().unwrap();
        let at = |needle: &str| u32::try_from(text.find(needle).unwrap()).unwrap();
        let key = |offset| map.entry_before(offset).map(|(k, _)| k.text.as_str());
        assert_eq!(key(at("x: 2")), Some("b"), "inside b's value");
        assert_eq!(key(at("c: 3")), Some("c"), "at a key");
        assert_eq!(key(at("a: 1")), Some("a"));
        assert_eq!(key(0), Some("a"));
        let indented = parse(b"  a: 1\n", &YamlLimits::default()).unwrap();
        let map = indented.root.as_map().unwrap();
        assert!(map.entry_before(0).is_none(), "before the first key");
    }
}
