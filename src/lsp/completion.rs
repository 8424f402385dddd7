//! Completion from the text as typed: resource types (Heat's, the set's registry aliases,
//! the set's templates as nested types), a resource's property names, parameter names in
//! `get_param`, resource ids in `get_resource`, `get_attr` and `depends_on`, attribute
//! names in `get_attr`, and in an environment file the parameters its templates declare.

use std::path::Path;

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionList, CompletionParams, CompletionResponse,
    CompletionTextEdit, Position, Range, TextEdit,
};

use super::documents::{Documents, path_of};
use super::hover::{implementation, paired_templates};
use super::lookup::{self, Located};
use super::position::LineMap;
use super::server::Server;
use super::typing::{Call, Typing, child_value, section_entries, typing_at};
use crate::input::yaml::Node;
use crate::model::hot::heat_types::HeatTypes;
use crate::model::hot::implementations::Implementation;
use crate::model::hot::template::is_template_reference;
use crate::model::hot::{FileId, HotSet, Role};

/// One candidate before it is placed.
struct Candidate {
    label: String,
    kind: CompletionItemKind,
    detail: Option<String>,
}

fn candidate(label: &str, kind: CompletionItemKind, detail: Option<String>) -> Candidate {
    Candidate {
        label: label.to_owned(),
        kind,
        detail,
    }
}

/// The group properties holding a member definition.
const MEMBER_PROPERTIES: [&str; 2] = ["resource_def", "resource"];

/// The completions at the cursor of an open document.
pub fn complete(server: &Server, params: CompletionParams) -> Option<CompletionResponse> {
    let at = params.text_document_position;
    let path = path_of(&at.text_document.uri)?;
    let text = &server.documents.get(&path)?.text;
    let map = LineMap::new(text);
    let line_start = map.offset(Position::new(at.position.line, 0));
    let offset = map.offset(at.position);
    let typing = typing_at(text, at.position.line as usize, offset - line_start);
    let located = lookup::locate(&server.snapshot, &path);
    let environment = match &located {
        Some(located) => located.is_environment(),
        None => path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("env")),
    };
    let candidates = candidates(
        &typing,
        text,
        &path,
        located.as_ref(),
        environment,
        &server.documents,
    );
    let range = Range::new(map.position(line_start + typing.word_start), at.position);
    let items = candidates
        .into_iter()
        .map(|c| CompletionItem {
            label: c.label.clone(),
            kind: Some(c.kind),
            detail: c.detail,
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, c.label))),
            ..CompletionItem::default()
        })
        .collect();
    Some(CompletionResponse::List(CompletionList {
        is_incomplete: false,
        items,
    }))
}

/// What fits the cursor's place.
fn candidates(
    typing: &Typing<'_>,
    text: &str,
    path: &Path,
    located: Option<&Located<'_>>,
    environment: bool,
    documents: &Documents,
) -> Vec<Candidate> {
    let keys = typing.keys();
    if environment {
        return match (keys.as_slice(), typing.key, typing.item) {
            (["parameters" | "parameter_defaults"], None, false) => located
                .map(|l| env_parameters(documents, l))
                .unwrap_or_default(),
            _ => Vec::new(),
        };
    }
    if let Some(call) = &typing.call {
        return match call {
            Call::Parameter => section_entries(text, "parameters")
                .into_iter()
                .map(|(line, name)| {
                    let kind = child_value(text, line, "type").map(str::to_owned);
                    candidate(name, CompletionItemKind::VARIABLE, kind)
                })
                .collect(),
            Call::Resource => resources(text),
            Call::Attribute(resource) => attributes(text, path, located, resource),
        };
    }
    match (keys.as_slice(), typing.key, typing.item) {
        (["resources", _], Some("type"), false) => resource_types(path, located),
        (["resources", _, "properties", member], Some("type"), false)
            if MEMBER_PROPERTIES.contains(member) =>
        {
            resource_types(path, located)
        }
        (["resources", resource, "properties"], None, false) => {
            let written = child_value(text, typing.path[1].0, "type");
            properties(path, located, resource, None, written)
        }
        (["resources", resource, "properties", member, "properties"], None, false)
            if MEMBER_PROPERTIES.contains(member) =>
        {
            let written = child_value(text, typing.path[3].0, "type");
            properties(path, located, resource, Some(member), written)
        }
        _ => Vec::new(),
    }
}

/// The resources of the text, each with its type.
fn resources(text: &str) -> Vec<Candidate> {
    section_entries(text, "resources")
        .into_iter()
        .map(|(line, name)| {
            let kind = child_value(text, line, "type").map(str::to_owned);
            candidate(name, CompletionItemKind::REFERENCE, kind)
        })
        .collect()
}

/// The set file a `type:` naming a template file leads to, relative to the document.
fn nested_file(set: &HotSet, document: &Path, root: &Path, written: &str) -> Option<FileId> {
    let folder = document.parent()?.strip_prefix(root).ok()?;
    let mut parts: Vec<String> = folder
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    for part in written.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other.to_owned()),
        }
    }
    set.find(&parts.join("/"))
}

/// What implements a resource's type: the type as typed (Heat's, or a template file of the
/// set), else (a registry alias, a type not typed yet) what the last check read.
fn implemented(
    path: &Path,
    located: Option<&Located<'_>>,
    resource: &str,
    member_of: Option<&str>,
    written: Option<&str>,
) -> Option<Implementation> {
    if let Some(written) = written {
        if is_template_reference(written) {
            let located = located?;
            let file = nested_file(located.set, path, located.root, written)?;
            return Some(Implementation::Nested(vec![file]));
        }
        if let Some(known) = HeatTypes::get().resolve(written) {
            return Some(Implementation::Heat(known));
        }
    }
    implementation(located?, resource, member_of)
}

/// Property names of a resource's type: Heat's (required ones marked), or a nested
/// template's parameters (those without a default are required).
fn properties(
    path: &Path,
    located: Option<&Located<'_>>,
    resource: &str,
    member_of: Option<&str>,
    written: Option<&str>,
) -> Vec<Candidate> {
    let required = |yes: bool, what: &str| {
        Some(if yes {
            format!("{what} · required")
        } else {
            what.to_owned()
        })
    };
    match implemented(path, located, resource, member_of, written) {
        Some(Implementation::Heat(known)) => {
            let mut found: Vec<Candidate> = known
                .resource_type
                .properties
                .iter()
                .map(|(name, schema)| {
                    let detail = required(schema.required, schema.kind.name());
                    candidate(name, CompletionItemKind::PROPERTY, detail)
                })
                .collect();
            found.sort_by(|a, b| a.label.cmp(&b.label));
            found
        }
        Some(Implementation::Nested(ids)) => {
            let Some(located) = located else {
                return Vec::new();
            };
            let Some(template) = ids.first().and_then(|id| located.set.template(*id)) else {
                return Vec::new();
            };
            template
                .parameters()
                .map(|(name, definition)| {
                    let kind = definition.get("type").and_then(Node::as_str).unwrap_or("?");
                    let detail = required(definition.get("default").is_none(), kind);
                    candidate(&name.text, CompletionItemKind::PROPERTY, detail)
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Attribute names of a resource's type: Heat's, or a nested template's outputs.
fn attributes(
    text: &str,
    path: &Path,
    located: Option<&Located<'_>>,
    resource: &str,
) -> Vec<Candidate> {
    let written = section_entries(text, "resources")
        .into_iter()
        .find(|(_, name)| *name == resource)
        .and_then(|(line, _)| child_value(text, line, "type"));
    match implemented(path, located, resource, None, written) {
        Some(Implementation::Heat(known)) => {
            let mut found: Vec<Candidate> = known
                .resource_type
                .attributes
                .iter()
                .map(|(name, schema)| {
                    candidate(
                        name,
                        CompletionItemKind::FIELD,
                        schema.kind.map(|kind| kind.to_string()),
                    )
                })
                .collect();
            found.sort_by(|a, b| a.label.cmp(&b.label));
            found
        }
        Some(Implementation::Nested(ids)) => located
            .and_then(|located| located.set.template(*ids.first()?))
            .map(|template| {
                template
                    .outputs()
                    .map(|(name, _)| candidate(&name.text, CompletionItemKind::FIELD, None))
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Resource types: Heat's with their aliases, the set's registry mappings, and the set's
/// other templates by their path from the document's folder.
fn resource_types(path: &Path, located: Option<&Located<'_>>) -> Vec<Candidate> {
    let heat_types = HeatTypes::get();
    let mut found: Vec<Candidate> = heat_types
        .names()
        .map(|name| {
            let detail = match heat_types.resolve(name) {
                Some(known) if known.name != name => format!("alias of {}", known.name),
                _ => "Heat resource type".to_owned(),
            };
            candidate(name, CompletionItemKind::CLASS, Some(detail))
        })
        .collect();
    found.sort_by(|a, b| a.label.cmp(&b.label));
    let Some(located) = located else {
        return found;
    };
    let set = located.set;
    for environment in set.environments() {
        for (key, target) in environment.registry() {
            if key.text == "resources" || key.text.ends_with('*') {
                continue;
            }
            let detail = target
                .as_str()
                .map(|t| format!("{} maps it to {t}", environment.file.path));
            found.push(candidate(&key.text, CompletionItemKind::INTERFACE, detail));
        }
    }
    let folder = path
        .parent()
        .and_then(|folder| folder.strip_prefix(located.root).ok())
        .map(|folder| folder.to_string_lossy().replace('\\', "/"))
        .unwrap_or_default();
    for (id, file) in set.files.iter().enumerate() {
        if id == located.id || !matches!(file.role, Role::Template(_)) {
            continue;
        }
        let relative = if folder.is_empty() {
            Some(file.path.as_str())
        } else {
            file.path
                .strip_prefix(&folder)
                .and_then(|rest| rest.strip_prefix('/'))
        };
        if let Some(relative) = relative {
            found.push(candidate(
                relative,
                CompletionItemKind::FILE,
                Some("nested template".to_owned()),
            ));
        }
    }
    found
}

/// The parameters the templates an environment file is for declare, read from their texts
/// as the editor holds them (a template being edited need not parse).
fn env_parameters(documents: &Documents, located: &Located<'_>) -> Vec<Candidate> {
    let set = located.set;
    let mut found: Vec<Candidate> = Vec::new();
    for template in paired_templates(set, located.id) {
        let path = located.path_of(template);
        let text = match documents.get(&path) {
            Some(document) => std::borrow::Cow::Borrowed(document.text.as_str()),
            None => set.file(template).text(),
        };
        for (line, name) in section_entries(&text, "parameters") {
            if found.iter().any(|c| c.label == name) {
                continue;
            }
            let kind = child_value(&text, line, "type").unwrap_or("?");
            let detail = format!("{kind} · {}", set.file(template).path);
            found.push(candidate(name, CompletionItemKind::VARIABLE, Some(detail)));
        }
    }
    found
}
