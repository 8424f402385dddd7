//! Document symbols: a template's parameters, resources (with their type) and outputs, an
//! environment file's parameters, each section with its entries.

use lsp_types::{DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, SymbolKind};

use super::documents::path_of;
use super::lookup;
use super::position::LineMap;
use super::server::Server;
use crate::input::yaml::{Node, Value};

/// The sections listed, with the kind of their entries.
const TEMPLATE_SECTIONS: [(&str, SymbolKind); 4] = [
    ("parameters", SymbolKind::VARIABLE),
    ("resources", SymbolKind::OBJECT),
    ("outputs", SymbolKind::PROPERTY),
    ("conditions", SymbolKind::BOOLEAN),
];
const ENVIRONMENT_SECTIONS: [(&str, SymbolKind); 3] = [
    ("parameters", SymbolKind::VARIABLE),
    ("parameter_defaults", SymbolKind::VARIABLE),
    ("resource_registry", SymbolKind::CLASS),
];

/// The symbols of a template or environment file of the last check.
pub fn document_symbols(
    server: &Server,
    params: DocumentSymbolParams,
) -> Option<DocumentSymbolResponse> {
    let path = path_of(&params.text_document.uri)?;
    let located = lookup::locate(&server.snapshot, &path)?;
    let Value::Map(root) = &located.root_node()?.value else {
        return None;
    };
    let text = located.set.file(located.id).text();
    let map = LineMap::new(&text);
    let sections: &[(&str, SymbolKind)] = if located.is_environment() {
        &ENVIRONMENT_SECTIONS
    } else {
        &TEMPLATE_SECTIONS
    };
    let mut symbols = Vec::new();
    for (key, value) in root.iter() {
        let Some((_, kind)) = sections.iter().find(|(name, _)| *name == key.text) else {
            continue;
        };
        let children: Vec<DocumentSymbol> = value
            .as_map()
            .into_iter()
            .flat_map(|entries| entries.iter())
            .map(|(name, node)| symbol(&map, &name.text, name.span, node, *kind, detail(node)))
            .collect();
        let mut section = symbol(
            &map,
            &key.text,
            key.span,
            value,
            SymbolKind::NAMESPACE,
            None,
        );
        section.children = Some(children);
        symbols.push(section);
    }
    Some(DocumentSymbolResponse::Nested(symbols))
}

/// What an entry shows beside its name: a resource's or parameter's type.
fn detail(node: &Node) -> Option<String> {
    node.get("type").and_then(Node::as_str).map(str::to_owned)
}

/// One symbol from its key to the end of its value.
#[allow(deprecated)]
fn symbol(
    map: &LineMap<'_>,
    name: &str,
    key: crate::foundation::diagnostics::Span,
    value: &Node,
    kind: SymbolKind,
    detail: Option<String>,
) -> DocumentSymbol {
    let selection = map.range(key);
    let end = map.position((value.span.end.max(key.end)) as usize);
    DocumentSymbol {
        name: name.to_owned(),
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: lsp_types::Range::new(selection.start, end.max(selection.end)),
        selection_range: selection,
        children: None,
    }
}
