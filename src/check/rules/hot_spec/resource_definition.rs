//! R-92635/resource-definition: each resource is a map with a string `type` and only the
//! keys of the template's version, each of the right kind.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::{Node, Value};
use crate::model::hot::Version;
use crate::model::hot::arguments::is_call;

use super::definitions::{Definition, DefinitionSection, check_definitions};

/// A resource definition Heat would reject.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/resource-definition",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "Each resource is a map with a string `type` and only the keys its version \
                  allows (type, properties, metadata, depends_on, update_policy, \
                  deletion_policy, description; condition and external_id from 2016-10-14).",
        why: "Heat refuses the whole template when one resource misses its type, carries an \
              unknown key (often a misspelt `properties`) or gives a key the wrong kind of value.",
        fix: "Give every resource a `type:`, correct misspelt keys, write properties, metadata \
              and update_policy as maps and depends_on as a resource name or a list of names.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let section = DefinitionSection::new(
        "resources",
        "with `type:` and `properties:`",
        Version::resource_keys,
    );
    let has_type = |findings: &mut Findings<'_>, resource: &Definition<'_>| {
        if resource.map.get("type").is_none() {
            findings.report(
                resource.file,
                resource.name.span,
                resource.path(),
                format!("resource `{}` has no `type:`", resource.name.text),
            );
        }
        true
    };
    check_definitions(
        context,
        findings,
        &section,
        has_type,
        |findings, definition, key, value| {
            if let Some((at, message)) = wrong_kind(&key.text, value) {
                findings.report(definition.file, at.span, definition.key_path(key), message);
            }
        },
    );
}

/// The node and message when a resource key holds the wrong kind of value.
fn wrong_kind<'n>(key: &str, value: &'n Node) -> Option<(&'n Node, String)> {
    let call = is_call(value);
    let message = match key {
        "type" => match &value.value {
            Value::Str(_) => return None,
            _ => format!(
                "`type` must be a resource type or template path written as text, not {}",
                shape(value, call)
            ),
        },
        "properties" | "metadata" | "update_policy" => {
            if value.as_map().is_some() {
                return None;
            }
            format!("`{key}` must be a map, not {}", shape(value, call))
        }
        "description" => {
            if value.as_str().is_some() {
                return None;
            }
            format!(
                "a resource `description` must be text, not {}",
                shape(value, call)
            )
        }
        "depends_on" => {
            if let Some(items) = value.as_seq() {
                let item = items.iter().find(|i| i.as_str().is_none())?;
                return Some((
                    item,
                    format!(
                        "`depends_on` lists resource names, not {}",
                        shape(item, is_call(item))
                    ),
                ));
            }
            if value.as_str().is_some() {
                return None;
            }
            format!(
                "`depends_on` is a resource name or a list of names, not {}",
                shape(value, call)
            )
        }
        "condition" => {
            if call || matches!(value.value, Value::Str(_) | Value::Bool(_)) {
                return None;
            }
            format!(
                "`condition` is a condition name, true/false or a condition function, not {}",
                shape(value, call)
            )
        }
        "external_id" => {
            if call || value.as_str().is_some() {
                return None;
            }
            format!("`external_id` must be text, not {}", shape(value, call))
        }
        _ => return None,
    };
    Some((value, message))
}

/// How a value reads in a message.
fn shape(value: &Node, call: bool) -> String {
    if call {
        "a function call".to_owned()
    } else {
        value.kind().to_owned()
    }
}
