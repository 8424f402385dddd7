//! SDC's `MANIFEST.json`: the module tree of an ONAP heat zip.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Node, Value};

/// One `data[]` entry: a file, its SDC type and the files attached to it.
#[derive(Clone, Debug, PartialEq)]
pub struct ManifestEntry {
    /// The file name as listed.
    pub file: String,
    /// SDC's type: HEAT, HEAT_ENV, HEAT_VOL, HEAT_NET, HEAT_NESTED, OTHER, …
    pub kind: String,
    /// `isBase: true` marks the base module (also written as the string `"true"`, as SDC's
    /// own exports do and its reader takes it).
    pub is_base: bool,
    /// `isBase` when it is neither a JSON boolean nor the string `"true"`/`"false"`: its
    /// text and place (SDC-is-base reports it).
    pub is_base_odd: Option<(String, Span)>,
    /// Attached files (the env of a module, the volume module of a module).
    pub children: Vec<ManifestEntry>,
    /// Where the entry is written.
    pub span: Span,
}

/// The parsed manifest: name, description, version and the entry tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// `name`.
    pub name: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `version`.
    pub version: Option<String>,
    /// `data[]`.
    pub entries: Vec<ManifestEntry>,
}

/// SDC types that mark a HOT template.
pub const TEMPLATE_KINDS: [&str; 4] = ["HEAT", "HEAT_VOL", "HEAT_NET", "HEAT_NESTED"];

impl Manifest {
    /// Reads the manifest tree from a parsed JSON document; unknown fields are ignored.
    pub fn from_node(root: &Node) -> Manifest {
        let text = |key: &str| root.get(key).and_then(Node::as_str).map(str::to_owned);
        Manifest {
            name: text("name"),
            description: text("description"),
            version: text("version"),
            entries: entries(root.get("data")),
        }
    }

    /// Every entry, depth first.
    pub fn all(&self) -> Vec<&ManifestEntry> {
        let mut out = Vec::new();
        let mut pending: Vec<&ManifestEntry> = self.entries.iter().rev().collect();
        while let Some(entry) = pending.pop() {
            out.push(entry);
            pending.extend(entry.children.iter().rev());
        }
        out
    }
}

/// True for `true` and for the string `"true"` in any letter case (SDC's reader takes the
/// string as the boolean).
fn is_true(node: &Node) -> bool {
    match &node.value {
        Value::Bool(b) => *b,
        Value::Str(s) => s.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

/// True for a boolean, written as JSON's or as SDC's string.
fn is_boolean(node: &Node) -> bool {
    match &node.value {
        Value::Bool(_) => true,
        Value::Str(s) => s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false"),
        _ => false,
    }
}

/// A value as a message shows it.
fn odd_text(node: &Node) -> String {
    match &node.value {
        Value::Str(s) => format!("\"{s}\""),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Null => "null".to_owned(),
        other => other.kind().to_owned(),
    }
}

fn entries(data: Option<&Node>) -> Vec<ManifestEntry> {
    let Some(items) = data.and_then(Node::as_seq) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let file = item.get("file")?.as_str()?.to_owned();
            Some(ManifestEntry {
                file,
                kind: item
                    .get("type")
                    .and_then(Node::as_str)
                    .unwrap_or("")
                    .to_owned(),
                is_base: item.get("isBase").is_some_and(is_true),
                is_base_odd: item
                    .get("isBase")
                    .filter(|n| !is_boolean(n))
                    .map(|n| (odd_text(n), n.span)),
                children: entries(item.get("data")),
                span: item.span,
            })
        })
        .collect()
}
