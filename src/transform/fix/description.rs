//! Writing a description the operator typed: as a new `description:` entry placed after
//! `after` (the first of those present), or over an empty one.

use crate::input::yaml::{Key, Node, Value};

use super::edit::Edit;
use super::layout::{Layout, Piece};

/// The operator's text, trimmed; `None` when there is none.
pub fn typed(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// Sets `description:` of the mapping `node` to `text`: replaces an empty value, or adds the
/// entry after the first key of `after` that is present (first otherwise).
pub fn describe(layout: &Layout<'_>, node: &Node, after: &[&str], text: &str) -> Option<Edit> {
    let map = node.as_map()?;
    let rendered = layout.string_text(text);
    if let (Some(key), Some(value)) = (map.key("description"), map.get("description")) {
        return replace_empty(layout, key, value, &rendered);
    }
    let anchor = after.iter().copied().find(|name| map.get(name).is_some());
    layout.insert_entry(
        node,
        anchor,
        anchor.is_none(),
        "description",
        Piece::Line(&rendered),
    )
}

/// Writes `rendered` as the value of `key`, whose value is empty (null, blank, `{}`, `[]`).
fn replace_empty(layout: &Layout<'_>, key: &Key, value: &Node, rendered: &str) -> Option<Edit> {
    if !value.is_blank() {
        return None;
    }
    match &value.value {
        Value::Null => {
            let at = layout.after_colon(key);
            Some(Edit::insert(layout.file, at, format!(" {rendered}")))
        }
        _ => Some(Edit::replace(
            layout.file,
            value.span.start as usize..layout.content_end(value),
            rendered,
        )),
    }
}
