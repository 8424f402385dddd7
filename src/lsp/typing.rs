//! Where the cursor is in a YAML text as it is being typed, read from its lines alone: the
//! text need not parse (half a `get_attr: [server, ` does not). Block mappings and
//! sequences by indentation, and the flow arguments of a function call on the cursor's line.

/// Characters of a word being typed (a key, a name, a type such as `OS::Nova::Server`, a
/// file path).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.' | '/')
}

/// One line read as YAML block structure.
#[derive(Clone, Copy, Debug)]
struct Line<'t> {
    /// Spaces before the first character.
    indent: usize,
    /// Where the key or scalar starts, after any `- ` sequence markers.
    content: usize,
    /// True when the line starts a sequence item.
    item: bool,
    /// The key, for a `key:` line.
    key: Option<&'t str>,
    /// What follows the key's colon (or the item's scalar).
    value: &'t str,
}

fn unquote(text: &str) -> &str {
    text.trim().trim_matches(|c| c == '"' || c == '\'').trim()
}

fn read_line(text: &str) -> Option<Line<'_>> {
    let indent = text.len() - text.trim_start_matches(' ').len();
    let mut rest = &text[indent..];
    if rest.is_empty() || rest.starts_with('#') {
        return None;
    }
    let mut content = indent;
    let mut item = false;
    while let Some(after) = rest.strip_prefix('-') {
        if !(after.is_empty() || after.starts_with(' ')) {
            break;
        }
        item = true;
        let spaces = after.len() - after.trim_start_matches(' ').len();
        content += 1 + spaces;
        rest = &after[spaces..];
    }
    // A key ends at the first `: ` (or a `:` ending the line) outside a flow collection.
    let key_end = rest
        .char_indices()
        .take_while(|(_, c)| !matches!(c, '{' | '['))
        .find(|(at, c)| *c == ':' && rest[at + 1..].chars().next().is_none_or(|n| n == ' '))
        .map(|(at, _)| at);
    let (key, value) = match key_end {
        Some(at) => (Some(unquote(&rest[..at])), &rest[at + 1..]),
        None => (None, rest),
    };
    Some(Line {
        indent,
        content,
        item,
        key,
        value,
    })
}

/// Which line can hold the cursor's line (or a parent found so far).
#[derive(Clone, Copy)]
enum Parent {
    /// A key line whose key starts before this column.
    Under(usize),
    /// A key line at or before an item's dash (a sequence may sit at its key's indentation),
    /// other than a sibling item.
    OfItemAt(usize),
}

/// What a function call on the cursor's line is being given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call<'t> {
    /// `get_param: ` (its first argument).
    Parameter,
    /// `get_resource: `, the first argument of `get_attr`, an item of `depends_on`.
    Resource,
    /// The second argument of `get_attr`, of resource `.0`.
    Attribute(&'t str),
}

/// The cursor's place.
#[derive(Debug)]
pub struct Typing<'t> {
    /// The keys from the top down to the mapping or sequence the cursor's line is in, each
    /// with the 0-based line it is written on.
    pub path: Vec<(usize, &'t str)>,
    /// The key of the cursor's line, when the cursor is in its value.
    pub key: Option<&'t str>,
    /// Where the word starts on the line (a byte column).
    pub word_start: usize,
    /// The function argument being typed, if one is.
    pub call: Option<Call<'t>>,
    /// True when the cursor's line is a sequence item without a key.
    pub item: bool,
}

impl Typing<'_> {
    /// The path's keys.
    pub fn keys(&self) -> Vec<&str> {
        self.path.iter().map(|(_, key)| *key).collect()
    }
}

/// The function arguments typed so far after the last function key of `before` (`None`
/// when the call is closed or there is none).
fn flow_call(before: &str) -> Option<Call<'_>> {
    let (at, function) = ["get_param:", "get_resource:", "get_attr:", "depends_on:"]
        .iter()
        .filter_map(|f| before.rfind(f).map(|at| (at, *f)))
        .max_by_key(|(at, _)| *at)?;
    let rest = &before[at + function.len()..];
    if rest.contains([']', '}']) {
        return None;
    }
    let rest = rest.trim_start().trim_start_matches('[');
    let arguments: Vec<&str> = rest.split(',').map(unquote).collect();
    match (function, arguments.len()) {
        ("get_param:", 1) => Some(Call::Parameter),
        ("get_resource:", 1) | ("get_attr:", 1) | ("depends_on:", _) => Some(Call::Resource),
        ("get_attr:", 2) => Some(Call::Attribute(arguments[0])),
        _ => None,
    }
}

/// Reads the cursor's place from `text` and the cursor's 0-based line and byte column.
pub fn typing_at(text: &str, line: usize, column: usize) -> Typing<'_> {
    let lines: Vec<&str> = text.lines().collect();
    let current = lines.get(line).copied().unwrap_or("");
    let column = column.min(current.len());
    let before = current.get(..column).unwrap_or(current);
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word(*c))
        .last()
        .map_or(before.len(), |(at, _)| at);
    let (indent, content, item, key) = match read_line(before) {
        // A key on the line before the cursor: the cursor is in its value.
        Some(read) => (read.indent, read.content, read.item, read.key),
        None => {
            let indent = before.len() - before.trim_start_matches(' ').len();
            (indent, indent, false, None)
        }
    };
    let mut path = Vec::new();
    let mut need = if item {
        Parent::OfItemAt(indent)
    } else {
        Parent::Under(content)
    };
    let mut item_siblings = Vec::new();
    for index in (0..line.min(lines.len())).rev() {
        let Some(above) = read_line(lines[index]) else {
            continue;
        };
        if item && path.is_empty() && above.item && above.indent == indent && above.key.is_none() {
            item_siblings.push(unquote(above.value));
            continue;
        }
        let Some(key) = above.key else {
            continue;
        };
        let parent = match need {
            Parent::Under(column) => above.content < column,
            Parent::OfItemAt(dash) => {
                above.content <= dash && !(above.item && above.indent == dash)
            }
        };
        if !parent {
            continue;
        }
        path.push((index, key));
        if above.content == 0 {
            break;
        }
        need = if above.item {
            Parent::OfItemAt(above.indent)
        } else {
            Parent::Under(above.content)
        };
    }
    path.reverse();
    let bare_item = item && key.is_none();
    let call = flow_call(before).or_else(|| match (path.last(), bare_item) {
        (Some((_, "depends_on")), true) => Some(Call::Resource),
        (Some((_, "get_param")), true) if item_siblings.is_empty() => Some(Call::Parameter),
        (Some((_, "get_attr")), true) => match item_siblings.last() {
            None => Some(Call::Resource),
            Some(resource) if item_siblings.len() == 1 => Some(Call::Attribute(resource)),
            Some(_) => None,
        },
        _ => None,
    });
    Typing {
        path,
        key,
        word_start,
        call,
        item: bare_item,
    }
}

/// The keys directly under top-level `section:` of a text, each with its 0-based line.
pub fn section_entries<'t>(text: &'t str, section: &str) -> Vec<(usize, &'t str)> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(start) = lines.iter().position(|line| {
        read_line(line).is_some_and(|l| l.indent == 0 && !l.item && l.key == Some(section))
    }) else {
        return Vec::new();
    };
    children(&lines, start)
        .into_iter()
        .filter_map(|(index, line)| Some((index, line.key?)))
        .collect()
}

/// The lines holding the keys directly under the key on line `parent`, with their reading.
fn children<'t>(lines: &[&'t str], parent: usize) -> Vec<(usize, Line<'t>)> {
    let Some(head) = lines.get(parent).and_then(|l| read_line(l)) else {
        return Vec::new();
    };
    let mut child_indent = None;
    let mut found = Vec::new();
    for (index, text) in lines.iter().enumerate().skip(parent + 1) {
        let Some(line) = read_line(text) else {
            continue;
        };
        if line.indent <= head.content.min(head.indent)
            && !(line.item && line.indent == head.indent)
        {
            break;
        }
        let indent = *child_indent.get_or_insert(line.content);
        if line.content == indent && !line.item {
            found.push((index, line));
        }
    }
    found
}

/// The value of key `key` directly under the key on line `parent` (`type` of a resource).
pub fn child_value<'t>(text: &'t str, parent: usize, key: &str) -> Option<&'t str> {
    let lines: Vec<&str> = text.lines().collect();
    children(&lines, parent)
        .into_iter()
        .find(|(_, line)| line.key == Some(key))
        .map(|(_, line)| unquote(line.value))
        .filter(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "\
heat_template_version: 2016-10-14
parameters:
  vfw_image_name:
    type: string
resources:
  vfw_server_0:
    type: OS::Nova::Server
    properties:
      image: {get_param: vfw_im
      fla
      networks:
        - port: {get_attr: [vfw_port, na
    depends_on:
      - vfw_
  vfw_port:
    type: OS::Neu
    properties:
      value:
        get_attr:
          - vfw_server_0
          - fi
";

    fn at(marker: &str) -> Typing<'static> {
        let line = TEMPLATE.lines().position(|l| l.ends_with(marker)).unwrap();
        let column = TEMPLATE.lines().nth(line).unwrap().len();
        typing_at(TEMPLATE, line, column)
    }

    /// The word before the cursor at the end of the line ending in `marker`.
    fn word(marker: &str) -> &'static str {
        let line = TEMPLATE.lines().find(|l| l.ends_with(marker)).unwrap();
        &line[at(marker).word_start..]
    }

    #[test]
    fn a_type_value_being_typed_names_its_resource() {
        let typing = at("OS::Neu");
        assert_eq!(typing.keys(), ["resources", "vfw_port"]);
        assert_eq!((typing.key, word("OS::Neu")), (Some("type"), "OS::Neu"));
        assert_eq!(
            child_value(TEMPLATE, typing.path[1].0, "type"),
            Some("OS::Neu")
        );
    }

    #[test]
    fn a_key_being_typed_sits_under_its_mapping() {
        let typing = at("fla");
        assert_eq!(typing.keys(), ["resources", "vfw_server_0", "properties"]);
        assert_eq!((typing.key, word("fla"), typing.call), (None, "fla", None));
        assert_eq!(
            child_value(TEMPLATE, typing.path[1].0, "type"),
            Some("OS::Nova::Server")
        );
    }

    #[test]
    fn function_arguments_in_flow_and_block_form() {
        assert_eq!(at("vfw_im").call, Some(Call::Parameter));
        assert_eq!(word("vfw_im"), "vfw_im");
        assert_eq!(at(" na").call, Some(Call::Attribute("vfw_port")));
        let depends = at("- vfw_");
        assert_eq!(depends.keys(), ["resources", "vfw_server_0", "depends_on"]);
        assert_eq!(depends.call, Some(Call::Resource));
        assert_eq!(at("- fi").call, Some(Call::Attribute("vfw_server_0")));
        assert_eq!(
            typing_at("a: {get_param: x}", 0, 17).call,
            None,
            "a closed call takes nothing more"
        );
    }

    #[test]
    fn top_level_sections_list_their_keys() {
        assert_eq!(
            section_entries(TEMPLATE, "parameters"),
            [(2, "vfw_image_name")]
        );
        assert_eq!(
            section_entries(TEMPLATE, "resources"),
            [(5, "vfw_server_0"), (14, "vfw_port")]
        );
        assert!(section_entries(TEMPLATE, "outputs").is_empty());
    }
}
