//! R-92635/duplicate-key: of a key written twice, the first entry (which Heat's loader
//! silently drops) is deleted and the last kept: the template then says what Heat already
//! does. For review, since the first entry may have been the one meant.
//!
//! The tree keeps only the last value, so the first entry's extent is read from the text
//! parsed again with that one key renamed to a unique placeholder.

use crate::check::rules::hot_spec;
use crate::foundation::limits::YamlLimits;
use crate::input::yaml::{Node, Value, parse};

use crate::transform::fix::edit::Edit;
use crate::transform::fix::layout::Layout;
use crate::transform::fix::locate::same_place;
use crate::transform::fix::model::{Fix, Offer, Safety};
use crate::transform::fix::registry::{Provider, Request};

/// The provider.
pub static PROVIDER: Provider = Provider {
    rules: &[&hot_spec::duplicate_key::RULE.meta],
    offer,
};

fn offer(request: &Request<'_, '_>) -> Offer {
    match deletion(request) {
        Ok(fix) => Offer::Ready(fix),
        Err(reason) => Offer::Unavailable(reason.to_owned()),
    }
}

/// The mapping holding a key named `name`, searched depth first.
fn holder<'n>(node: &'n Node, name: &str) -> Option<&'n Node> {
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        match &node.value {
            Value::Map(map) => {
                if map.get(name).is_some() {
                    return Some(node);
                }
                stack.extend(map.iter().map(|(_, v)| v));
            }
            Value::Seq(items) => stack.extend(items.iter()),
            _ => {}
        }
    }
    None
}

fn deletion(request: &Request<'_, '_>) -> Result<Fix, &'static str> {
    let set = request.set();
    let violation = request.violation;
    let id = set
        .find(&violation.file)
        .ok_or("the file could not be found")?;
    let file = &set.files[id];
    let document = file.document.as_ref().ok_or("the file does not parse")?;
    let duplicate = document
        .duplicates
        .iter()
        .find(|d| same_place(d.second, violation.span))
        .ok_or("the duplicate could not be found")?;
    let text = std::str::from_utf8(&file.bytes).map_err(|_| "the file is not UTF-8 text")?;
    let (start, end) = (duplicate.first.start as usize, duplicate.first.end as usize);
    let placeholder = (0..)
        .map(|n| format!("vnfwiz_first_{n}"))
        .find(|p| !text.contains(p.as_str()))
        .ok_or("no placeholder")?;
    let marked = format!("{}{placeholder}{}", &text[..start], &text[end..]);
    let reparsed = parse(marked.as_bytes(), &YamlLimits::default())
        .map_err(|_| "the file does not parse again")?;
    let map = holder(&reparsed.root, &placeholder).ok_or("the first entry could not be found")?;
    let layout = Layout::new(&file.path, &marked, document.syntax);
    let edits = layout
        .delete_entry(map, None, &placeholder)
        .ok_or("the first entry is not written in a layout vnfwiz edits")?;
    // Back to the original text's offsets: past the placeholder, shift by the difference.
    let grown = placeholder.len() as isize - (end - start) as isize;
    let back = |at: usize| -> Result<usize, &'static str> {
        if at <= start {
            Ok(at)
        } else if at >= start + placeholder.len() {
            Ok((at as isize - grown) as usize)
        } else {
            Err("the first entry could not be located")
        }
    };
    let edits = edits
        .into_iter()
        .map(|e| {
            Ok(Edit {
                file: e.file,
                range: back(e.range.start)?..back(e.range.end)?,
                replacement: e.replacement,
            })
        })
        .collect::<Result<Vec<_>, &'static str>>()?;
    Ok(Fix::new(
        violation.rule.id,
        format!(
            "Delete the first `{}` (line {}), which Heat ignores, and keep the one on line {}",
            duplicate.key, duplicate.first.line, duplicate.second.line
        ),
        Safety::Review,
        edits,
    ))
}
