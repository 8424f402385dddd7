//! Go to definition and find references: `get_param` to the parameter, `get_resource`,
//! `get_attr` and `depends_on` to the resource (a nested resource's attribute to the nested
//! template's output), a nested template's `type:` and every file reference to the file,
//! an environment file's parameter to the templates' declarations; and back.

use lsp_types::{
    GotoDefinitionParams, GotoDefinitionResponse, Location, Position, Range, ReferenceParams,
};

use super::documents::{path_of, uri_of};
use super::hover::{implementation, paired_templates};
use super::lookup::{self, Located, Target};
use super::position::LineMap;
use super::server::Server;
use crate::foundation::diagnostics::Span;
use crate::input::yaml::Node;
use crate::model::hot::functions::calls_to;
use crate::model::hot::implementations::Implementation;
use crate::model::hot::{FileId, HotSet};

/// The protocol location of a span of a file of the set.
fn location(located: &Located<'_>, file: FileId, span: Span) -> Option<Location> {
    let text = located.set.file(file).text();
    let range = LineMap::new(&text).range(span);
    Some(Location::new(uri_of(&located.path_of(file))?, range))
}

/// The start of a file.
fn file_start(located: &Located<'_>, file: FileId) -> Option<Location> {
    let start = Position::new(0, 0);
    Some(Location::new(
        uri_of(&located.path_of(file))?,
        Range::new(start, start),
    ))
}

/// Where entry `name` of a template's `section` is declared (its key).
fn declared(located: &Located<'_>, file: FileId, section: &str, name: &str) -> Option<Location> {
    let template = located.set.template(file)?;
    let (key, _) = template
        .entries(section)
        .find(|(key, _)| key.text == name)?;
    location(located, file, key.span)
}

/// The located file and the byte offset of a protocol position in it.
fn place<'s>(
    server: &'s Server,
    uri: &lsp_types::Url,
    position: Position,
) -> Option<(Located<'s>, usize)> {
    let path = path_of(uri)?;
    let located = lookup::locate(&server.snapshot, &path)?;
    let text = located.set.file(located.id).text();
    let offset = LineMap::new(&text).offset(position);
    Some((located, offset))
}

/// Where what the place names is declared.
pub fn definition(server: &Server, params: GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
    let at = params.text_document_position_params;
    let (located, offset) = place(server, &at.text_document.uri, at.position)?;
    let set = located.set;
    // A file reference (a nested type, a registry entry, `get_file`) leads to the file.
    let files: Vec<Location> = set
        .references
        .iter()
        .filter(|r| {
            r.from == located.id
                && (r.span.start as usize) <= offset
                && offset <= r.span.end as usize
        })
        .filter_map(|r| r.resolved.as_ref().ok())
        .filter_map(|file| file_start(&located, *file))
        .collect();
    if !files.is_empty() {
        return Some(GotoDefinitionResponse::Array(files));
    }
    let root = located.root_node()?;
    let target = lookup::target_at(root, offset, located.is_environment())?;
    let here = located.id;
    let found: Vec<Location> = match target {
        Target::Parameter(name) => declared(&located, here, "parameters", name)
            .into_iter()
            .collect(),
        Target::Resource(name) => declared(&located, here, "resources", name)
            .into_iter()
            .collect(),
        Target::Attribute { resource, name } => match implementation(&located, resource, None) {
            Some(Implementation::Nested(ids)) => ids
                .iter()
                .filter_map(|id| declared(&located, *id, "outputs", name))
                .collect(),
            _ => declared(&located, here, "resources", resource)
                .into_iter()
                .collect(),
        },
        Target::ResourceType {
            resource,
            member_of,
            ..
        } => match implementation(&located, resource, member_of) {
            Some(Implementation::Nested(ids)) => ids
                .iter()
                .filter_map(|id| file_start(&located, *id))
                .collect(),
            _ => Vec::new(),
        },
        Target::Property {
            resource,
            name,
            member_of,
        } => match implementation(&located, resource, member_of) {
            Some(Implementation::Nested(ids)) => ids
                .iter()
                .filter_map(|id| declared(&located, *id, "parameters", name))
                .collect(),
            _ => Vec::new(),
        },
        Target::EnvParameter(name) => paired_templates(set, here)
            .into_iter()
            .filter_map(|template| declared(&located, template, "parameters", name))
            .collect(),
        Target::ParameterDeclaration(_) | Target::ResourceDeclaration(_) => Vec::new(),
    };
    (!found.is_empty()).then_some(GotoDefinitionResponse::Array(found))
}

/// The first argument of a call, when it names something (`get_param: x`, `[x, …]`).
fn first_argument(args: &Node) -> Option<&Node> {
    match args.as_seq() {
        Some(items) => items.first(),
        None => Some(args),
    }
}

/// Every place naming parameter `name` of template `file`: its `get_param`s, the values
/// environment files give it, and the properties parents pass to it when it is nested.
fn parameter_uses(located: &Located<'_>, file: FileId, name: &str) -> Vec<Location> {
    let set = located.set;
    let mut found = Vec::new();
    if let Some(template) = set.template(file) {
        for call in calls_to(&template, "get_param") {
            if let Some(argument) = first_argument(call.args)
                && argument.as_str() == Some(name)
            {
                found.extend(location(located, file, argument.span));
            }
        }
    }
    for environment in set.environments() {
        if !paired_templates(set, environment.id).contains(&file) {
            continue;
        }
        for (key, _) in environment
            .parameters()
            .chain(environment.parameter_defaults())
        {
            if key.text == name {
                found.extend(location(located, environment.id, key.span));
            }
        }
    }
    for edge in set.nesting.iter().filter(|edge| edge.child == file) {
        found.extend(passed_property(
            located,
            set,
            edge.parent,
            &edge.resource,
            name,
        ));
    }
    found
}

/// The property `name` a parent's resource (or its group's member definition) passes.
fn passed_property(
    located: &Located<'_>,
    set: &HotSet,
    parent: FileId,
    resource: &str,
    name: &str,
) -> Option<Location> {
    let template = set.template(parent)?;
    let definition = template.resource(resource)?;
    let properties = definition.get("properties")?.as_map()?;
    let key = properties.key(name).or_else(|| {
        ["resource_def", "resource"].iter().find_map(|member| {
            properties
                .get(member)?
                .get("properties")?
                .as_map()?
                .key(name)
        })
    })?;
    location(located, parent, key.span)
}

/// Every place naming resource `name` of template `file`: `get_resource`, `get_attr` and
/// `depends_on`.
fn resource_uses(located: &Located<'_>, file: FileId, name: &str) -> Vec<Location> {
    let mut found = Vec::new();
    let Some(template) = located.set.template(file) else {
        return found;
    };
    for function in ["get_resource", "get_attr"] {
        for call in calls_to(&template, function) {
            if let Some(argument) = first_argument(call.args)
                && argument.as_str() == Some(name)
            {
                found.extend(location(located, file, argument.span));
            }
        }
    }
    for (_, definition) in template.resources() {
        let Some(depends) = definition.get("depends_on") else {
            continue;
        };
        let items: Vec<&Node> = match depends.as_seq() {
            Some(items) => items.iter().collect(),
            None => vec![depends],
        };
        for item in items {
            if item.as_str() == Some(name) {
                found.extend(location(located, file, item.span));
            }
        }
    }
    found
}

/// Every place naming what the place names (its declaration too when asked).
pub fn references(server: &Server, params: ReferenceParams) -> Option<Vec<Location>> {
    let at = params.text_document_position;
    let (located, offset) = place(server, &at.text_document.uri, at.position)?;
    let root = located.root_node()?;
    let target = lookup::target_at(root, offset, located.is_environment())?;
    let here = located.id;
    let with_declaration = params.context.include_declaration;
    let mut found = Vec::new();
    match target {
        Target::Parameter(name) | Target::ParameterDeclaration(name) => {
            if with_declaration {
                found.extend(declared(&located, here, "parameters", name));
            }
            found.extend(parameter_uses(&located, here, name));
        }
        Target::Resource(name) | Target::ResourceDeclaration(name) => {
            if with_declaration {
                found.extend(declared(&located, here, "resources", name));
            }
            found.extend(resource_uses(&located, here, name));
        }
        Target::EnvParameter(name) => {
            for template in paired_templates(located.set, here) {
                if with_declaration {
                    found.extend(declared(&located, template, "parameters", name));
                }
                found.extend(parameter_uses(&located, template, name));
            }
        }
        _ => return None,
    }
    Some(found)
}
