//! Edits of a mapping section that may be missing, empty or written in either style: a
//! value added under an environment file's `parameters:` (or a resource's `properties:`),
//! the section written when the file lacks it, and a check that the value reads back.

use crate::foundation::limits::YamlLimits;
use crate::input::yaml::{Key, Node, Value, parse};

use super::edit::{Edit, splice};
use super::layout::{Layout, Piece};

/// A value to write under a key, in the forms the target may need.
pub struct Written {
    /// The text after `key:` in block style, as the value was written where it came from,
    /// its later lines indented relative to the key's column; `None` when it cannot be
    /// written so.
    pub block: Option<String>,
    /// The one-line flow form.
    pub flow: String,
}

impl Written {
    /// The text after `key:` in block context.
    fn piece(&self) -> String {
        self.block
            .clone()
            .unwrap_or_else(|| format!(" {}", self.flow))
    }
}

/// The piece for text written after `key:`: a block when it spans lines.
pub fn as_piece(text: &str) -> Piece<'_> {
    if text.contains('\n') {
        Piece::Block(text)
    } else {
        Piece::Line(text.trim_start())
    }
}

/// An added entry: the edit, and the section it creates (a claim), if any.
pub struct Added {
    /// The edit.
    pub edit: Edit,
    /// `file#section` when the section is written by this edit.
    pub creates: Option<String>,
}

/// Writes `name: value` into the section `section` of the root mapping `root` (appended to
/// it), writing the section when it is missing or null, turning an empty `{}` on its key's
/// line into a block. `None` for layouts not handled.
pub fn add_to_section(
    layout: &Layout<'_>,
    root: &Node,
    section: &str,
    name: &str,
    value: &Written,
) -> Option<Added> {
    let claim = Some(format!("{}#{section}", layout.file));
    match &root.value {
        Value::Null => {
            let entry = entry_lines(layout, layout.unit(), name, value);
            let text = format!("{section}:{}{entry}", layout.eol);
            Some(Added {
                edit: layout.insert_line(layout.text.len(), text),
                creates: claim,
            })
        }
        Value::Map(map) => match map.key(section).zip(map.get(section)) {
            Some((key, node)) => add_to_mapping(layout, key, node, name, value).map(|edit| Added {
                edit,
                creates: None,
            }),
            None if layout.is_flow(root) => {
                let flow = format!("{{{}: {}}}", layout.key_text(name), value.flow);
                let edit = layout.insert_entry(root, None, true, section, Piece::Line(&flow))?;
                Some(Added {
                    edit,
                    creates: claim,
                })
            }
            None => {
                let entry = entry_lines(layout, layout.unit(), name, value);
                let body = format!(
                    "\n{}",
                    entry
                        .trim_end_matches(['\n', '\r'])
                        .replace(layout.eol, "\n")
                );
                let edit = layout.insert_entry(root, None, true, section, Piece::Block(&body))?;
                Some(Added {
                    edit,
                    creates: claim,
                })
            }
        },
        _ => None,
    }
}

/// Writes `name: value` into the mapping `node` held by `key` (appended).
pub fn add_to_mapping(
    layout: &Layout<'_>,
    key: &Key,
    node: &Node,
    name: &str,
    value: &Written,
) -> Option<Edit> {
    match &node.value {
        Value::Null => {
            let text = value.piece();
            layout.insert_under(key, name, as_piece(&text))
        }
        Value::Map(map) if map.is_empty() => {
            let on_key_line = layout.line_start(node.span.start as usize)
                == layout.line_start(key.span.start as usize);
            if layout.json || !on_key_line || !layout.starts_line(key.span.start as usize) {
                return layout.insert_entry(node, None, false, name, Piece::Line(&value.flow));
            }
            let indent = layout.indent_of(key.span.start as usize) + layout.unit();
            let entry = entry_lines(layout, indent, name, value);
            let entry = entry.strip_suffix(layout.eol).unwrap_or(&entry);
            Some(Edit::replace(
                layout.file,
                layout.after_colon(key)..node.span.end as usize,
                format!("{}{entry}", layout.eol),
            ))
        }
        Value::Map(_) if layout.is_flow(node) => {
            layout.insert_entry(node, None, false, name, Piece::Line(&value.flow))
        }
        Value::Map(_) => {
            let text = value.piece();
            layout.insert_entry(node, None, false, name, as_piece(&text))
        }
        _ => None,
    }
}

/// `name: value` as block lines at `indent`, line breaks included.
fn entry_lines(layout: &Layout<'_>, indent: usize, name: &str, value: &Written) -> String {
    let text = value.piece();
    layout.block_entry(indent, &layout.key_text(name), as_piece(&text))
}

/// The value at `path` after `edit` is applied to `text`, when the result parses.
pub fn value_after(file: &str, text: &str, edit: &Edit, path: &[&str]) -> Option<Node> {
    let bytes = splice(file, text.as_bytes(), &[edit]).ok()?;
    let document = parse(&bytes, &YamlLimits::default()).ok()?;
    let mut node = &document.root;
    for step in path {
        node = node.get(step)?;
    }
    Some(node.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::yaml::Syntax;

    fn add(text: &str, value: &str) -> String {
        let document = parse(text.as_bytes(), &YamlLimits::default()).unwrap();
        let layout = Layout::new("e.env", text, document.syntax);
        let written = Written {
            block: Some(format!(" {value}")),
            flow: value.to_owned(),
        };
        let added =
            add_to_section(&layout, &document.root, "parameters", "image", &written).unwrap();
        let out =
            String::from_utf8(splice("e.env", text.as_bytes(), &[&added.edit]).unwrap()).unwrap();
        let back =
            parse(out.as_bytes(), &YamlLimits::default()).unwrap_or_else(|e| panic!("{e}\n{out}"));
        assert_eq!(
            back.root
                .get("parameters")
                .and_then(|p| p.get("image"))
                .and_then(Node::as_str),
            Some("vfw-7"),
            "{out}"
        );
        out
    }

    #[test]
    fn every_shape_of_parameters_section() {
        assert_eq!(
            add("parameters:\n  a: 1\n", "vfw-7"),
            "parameters:\n  a: 1\n  image: vfw-7\n"
        );
        assert_eq!(
            add("parameters: {a: 1}\n", "vfw-7"),
            "parameters: {a: 1, image: vfw-7}\n"
        );
        assert_eq!(
            add("parameters: {}\n", "vfw-7"),
            "parameters:\n  image: vfw-7\n"
        );
        assert_eq!(
            add("parameters:\n", "vfw-7"),
            "parameters:\n  image: vfw-7\n"
        );
        assert_eq!(
            add("# site values\nparameter_defaults:\n    a: 1\n", "vfw-7"),
            "# site values\nparameters:\n    image: vfw-7\nparameter_defaults:\n    a: 1\n"
        );
        assert_eq!(
            add("# nothing yet\n", "vfw-7"),
            "# nothing yet\nparameters:\n  image: vfw-7\n"
        );
        assert_eq!(add("", "vfw-7"), "parameters:\n  image: vfw-7\n");
        assert_eq!(
            add("{\"parameter_defaults\": {}}", "\"vfw-7\""),
            "{\"parameters\": {\"image\": \"vfw-7\"}, \"parameter_defaults\": {}}"
        );
        assert_eq!(
            add("parameters: {}\r\nresource_registry: {}\r\n", "vfw-7"),
            "parameters:\r\n  image: vfw-7\r\nresource_registry: {}\r\n"
        );
    }

    #[test]
    fn value_after_reads_the_result() {
        let text = "a:\n  b: 1\n";
        let edit = Edit::insert("f", text.len(), "  c: [1, 2]\n");
        let value = value_after("f", text, &edit, &["a", "c"]).unwrap();
        assert_eq!(value.as_seq().map(<[Node]>::len), Some(2));
        let layout = Layout::new("f", text, Syntax::Yaml);
        assert_eq!(layout.unit(), 2);
    }
}
