//! SDC's `MANIFEST.json`: the module tree of an ONAP heat zip.

use crate::yaml::{Node, Span};

/// One `data[]` entry: a file, its SDC type and the files attached to it.
#[derive(Clone, Debug, PartialEq)]
pub struct ManifestEntry {
    /// The file name as listed.
    pub file: String,
    /// SDC's type: HEAT, HEAT_ENV, HEAT_VOL, HEAT_NET, HEAT_NESTED, OTHER, …
    pub kind: String,
    /// `isBase: true` marks the base module.
    pub is_base: bool,
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
                is_base: matches!(
                    item.get("isBase").map(|n| &n.value),
                    Some(crate::yaml::Value::Bool(true))
                ),
                children: entries(item.get("data")),
                span: item.span,
            })
        })
        .collect()
}
