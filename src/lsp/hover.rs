//! Hover: on a finding's place, its rule (summary, why, fix); on a resource type, its
//! properties (required ones marked) and attributes from Heat's types (`model::hot::heat_types`), or a nested
//! template's parameters and outputs; on a property, its schema; on what `get_param`,
//! `get_resource`, `get_attr` and `depends_on` name, the declaration they lead to.

use std::fmt::Write;

use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind, Position};

use super::diagnostics::text_of;
use super::documents::path_of;
use super::lookup::{self, Located, Target};
use super::position::LineMap;
use super::server::Server;
use crate::foundation::diagnostics::Violation;
use crate::input::yaml::{Key, Node};
use crate::model::hot::heat_types::{Known, PropertySchema, Status};
use crate::model::hot::implementations::{Implementation, Implementations};
use crate::model::hot::secrets::display_text;
use crate::model::hot::{FileId, HotSet};

/// Most lines of a declaration shown.
const SNIPPET_LINES: usize = 14;

/// The hover at a place: the findings there, and what the place names.
pub fn hover(server: &Server, params: HoverParams) -> Option<Hover> {
    let at = params.text_document_position_params;
    let path = path_of(&at.text_document.uri)?;
    let snapshot = &server.snapshot;
    let (input, relative) = lookup::file_of(snapshot, &path)?;
    let text = text_of(input, &relative)?;
    let map = LineMap::new(&text);
    let mut parts = Vec::new();
    if let Some(located) = lookup::locate(snapshot, &path)
        && let Some(root) = located.root_node()
        && let Some(target) =
            lookup::target_at(root, map.offset(at.position), located.is_environment())
        && let Some(shown) = describe(&located, target)
    {
        parts.push(shown);
    }
    for violation in input.violations.iter().filter(|v| v.file == relative) {
        if covers(&map, violation, at.position) {
            parts.push(rule_text(violation));
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range: None,
    })
}

/// True when `position` is on the violation's place (a place without width: from it to
/// the end of its line).
fn covers(map: &LineMap<'_>, violation: &Violation, position: Position) -> bool {
    let range = map.range(violation.span);
    if range.start == range.end {
        return position.line == range.start.line && position.character >= range.start.character;
    }
    range.start <= position && position <= range.end
}

/// A finding's rule: id, keyword, section, summary, why and how to fix.
pub fn rule_text(violation: &Violation) -> String {
    let rule = violation.rule;
    format!(
        "**{}** ({}) · {}\n\n{}\n\n{}\n\n**Why:** {}\n\n**Fix:** {}",
        rule.id,
        rule.keyword.as_str(),
        rule.section,
        violation.message,
        rule.summary,
        rule.why,
        rule.fix
    )
}

/// What implements resource `resource`'s type (or its members') in the located template.
pub fn implementation<'s>(
    located: &Located<'s>,
    resource: &str,
    member_of: Option<&str>,
) -> Option<Implementation> {
    let template = located.template()?;
    let implementations = Implementations::of(located.set, &[template]);
    match member_of {
        None => implementations.of_resource(template.id, resource).cloned(),
        Some(_) => implementations.of_members(template.id, resource).cloned(),
    }
}

/// The hover text of a target.
fn describe(located: &Located<'_>, target: Target<'_>) -> Option<String> {
    let set = located.set;
    match target {
        Target::ResourceType {
            resource,
            written,
            member_of,
        } => Some(match implementation(located, resource, member_of)? {
            Implementation::Heat(known) => heat_type(known, written),
            Implementation::Nested(ids) => nested_type(set, ids.first().copied()?),
            Implementation::Registry => format!(
                "`{written}`: mapped by the set's `resource_registry` to something that is no template of the set"
            ),
            Implementation::MissingTemplate => {
                format!("`{written}`: a template file the set does not hold")
            }
            Implementation::Remote => format!("`{written}`: an address on the web"),
            Implementation::Unknown => format!("`{written}`: no resource type Heat knows"),
        }),
        Target::Property {
            resource,
            name,
            member_of,
        } => match implementation(located, resource, member_of)? {
            Implementation::Heat(known) => {
                let schema = known.resource_type.properties.get(name)?;
                Some(format!(
                    "`{}` of `{}`\n\n{}",
                    name,
                    known.name,
                    property_schema(schema)
                ))
            }
            Implementation::Nested(ids) => {
                let nested = ids.first().copied()?;
                declaration(set, nested, "parameters", name)
            }
            _ => None,
        },
        Target::Parameter(name) => declaration(set, located.id, "parameters", name),
        Target::Resource(name) => declaration(set, located.id, "resources", name),
        Target::Attribute { resource, name } => match implementation(located, resource, None)? {
            Implementation::Heat(known) => {
                let attribute = known.resource_type.attributes.get(name)?;
                let mut text = format!("attribute `{name}` of `{}`", known.name);
                if let Some(kind) = &attribute.kind {
                    let _ = write!(text, ": {kind}");
                }
                if let Some(status) = attribute.status {
                    let _ = write!(text, " ({})", status_name(status));
                }
                Some(text)
            }
            Implementation::Nested(ids) => declaration(set, ids.first().copied()?, "outputs", name),
            _ => None,
        },
        Target::EnvParameter(name) => {
            let shown: Vec<String> = paired_templates(set, located.id)
                .into_iter()
                .filter_map(|template| declaration(set, template, "parameters", name))
                .collect();
            (!shown.is_empty()).then(|| shown.join("\n\n"))
        }
        Target::ParameterDeclaration(_) | Target::ResourceDeclaration(_) => None,
    }
}

/// The templates an environment file gives values to: the modules it is paired with, or
/// every module when it is paired with none.
pub fn paired_templates(set: &HotSet, environment: FileId) -> Vec<FileId> {
    let paired: Vec<FileId> = set
        .modules
        .iter()
        .filter(|m| m.env == Some(environment))
        .map(|m| m.template)
        .collect();
    if paired.is_empty() {
        set.modules.iter().map(|m| m.template).collect()
    } else {
        paired
    }
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Deprecated => "deprecated",
        Status::Hidden => "hidden",
        Status::Unsupported => "unsupported",
        Status::Unknown => "support unknown",
    }
}

/// A Heat type: its properties, required ones marked, and attributes.
fn heat_type(known: Known<'_>, written: &str) -> String {
    let resource_type = known.resource_type;
    let mut text = format!("**{}**", known.name);
    if written != known.name {
        let _ = write!(text, " (`{written}` is an alias of it)");
    }
    if let Some(status) = resource_type.status {
        let _ = write!(text, " · {}", status_name(status));
    }
    if resource_type.takes_anything() {
        text.push_str("\n\nTakes any property.");
    }
    let mut properties: Vec<(&str, &PropertySchema)> = resource_type.properties.iter().collect();
    properties.sort_by(|a, b| (!a.1.required, a.0).cmp(&(!b.1.required, b.0)));
    if !properties.is_empty() {
        text.push_str("\n\n**Properties**\n");
        for (name, schema) in properties {
            let _ = write!(text, "\n- `{name}`: {}", schema.kind.name());
            if schema.required {
                text.push_str(" · **required**");
            }
        }
    }
    // Heat's types keep their names sorted.
    let attributes: Vec<&str> = resource_type.attributes.keys().collect();
    if !attributes.is_empty() {
        text.push_str("\n\n**Attributes**\n");
        for name in attributes {
            let _ = write!(text, "\n- `{name}`");
        }
    }
    text
}

/// A nested template: its parameters (those without a default are required) and outputs.
fn nested_type(set: &HotSet, nested: FileId) -> String {
    let file = set.file(nested);
    let mut text = format!("nested template **{}**", file.path);
    let Some(template) = set.template(nested) else {
        return text;
    };
    let parameters: Vec<_> = template.parameters().collect();
    if !parameters.is_empty() {
        text.push_str("\n\n**Parameters**\n");
        for (name, definition) in parameters {
            let kind = definition.get("type").and_then(Node::as_str).unwrap_or("?");
            let _ = write!(text, "\n- `{}`: {kind}", name.text);
            if definition.get("default").is_none() {
                text.push_str(" · **required**");
            }
        }
    }
    let outputs: Vec<_> = template.outputs().map(|(name, _)| &name.text).collect();
    if !outputs.is_empty() {
        text.push_str("\n\n**Outputs**\n");
        for name in outputs {
            let _ = write!(text, "\n- `{name}`");
        }
    }
    text
}

/// A property's schema as Heat checks it.
fn property_schema(schema: &PropertySchema) -> String {
    let mut text = schema.kind.name().to_owned();
    if schema.required {
        text.push_str(" · **required**");
    }
    let update = match schema.update {
        crate::model::hot::heat_types::Update::Allowed => "updated in place",
        crate::model::hot::heat_types::Update::Replace => "a change replaces the resource",
        crate::model::hot::heat_types::Update::Immutable => "cannot change on update",
    };
    let _ = write!(text, " · {update}");
    if let Some(status) = schema.status {
        let _ = write!(text, " · {}", status_name(status));
    }
    if let Some(allowed) = &schema.allowed {
        let values: Vec<String> = allowed.iter().map(|v| format!("`{v}`")).collect();
        let _ = write!(text, "\n\nallowed: {}", values.join(", "));
    }
    for (label, bounds) in [("range", &schema.range), ("length", &schema.length)] {
        if let Some([low, high]) = bounds {
            let bound = |b: &Option<f64>| b.map_or("…".to_owned(), |v| v.to_string());
            let _ = write!(text, "\n\n{label}: {} to {}", bound(low), bound(high));
        }
    }
    if let Some(pattern) = &schema.pattern {
        let _ = write!(text, "\n\npattern: `{pattern}`");
    }
    if let Some(keys) = &schema.keys {
        let names: Vec<String> = keys.keys().map(|n| format!("`{n}`")).collect();
        let _ = write!(text, "\n\nkeys: {}", names.join(", "));
    }
    if let Some(items) = schema.items() {
        let _ = write!(text, "\n\nitems: {}", items.kind.name());
    }
    text
}

/// The source of entry `name` of a template's `section`, hidden values masked, under the
/// file and line it is at.
fn declaration(set: &HotSet, file: FileId, section: &str, name: &str) -> Option<String> {
    let template = set.template(file)?;
    let (key, node) = template
        .entries(section)
        .find(|(key, _)| key.text == name)?;
    Some(snippet(set, file, key, node))
}

/// The lines from a key to the end of its value, as a YAML block under `file:line`.
pub fn snippet(set: &HotSet, file: FileId, key: &Key, node: &Node) -> String {
    let text = display_text(set, file);
    let first = key.span.line as usize;
    // A mapping ends where the next entry starts: its own last line is before that.
    let end = (node.span.end as usize).min(text.len());
    let end = text.get(..end).map_or(end, |head| head.trim_end().len());
    let last = LineMap::new(&text).position(end).line as usize + 1;
    let lines: Vec<&str> = text
        .lines()
        .skip(first - 1)
        .take((last + 1 - first).clamp(1, SNIPPET_LINES))
        .collect();
    format!(
        "`{}:{}`\n```yaml\n{}\n```",
        set.file(file).path,
        key.span.line,
        lines.join("\n").trim_end()
    )
}
