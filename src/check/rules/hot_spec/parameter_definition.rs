//! R-92635/parameter-definition: each parameter is a map with a HOT type and only the keys
//! of the template's version.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::Version;
use crate::model::hot::parameters::ParameterType;

use super::definitions::{DefinitionSection, check_definitions};

/// A parameter definition Heat would reject.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/parameter-definition",
        keyword: Keyword::Must,
        section: "HOT specification / parameters section",
        summary: "Each parameter is a map with a type, string, number, comma_delimited_list, \
                  json or boolean, and the keys of its version (tags from 2018-03-02).",
        why: "Heat refuses a template with an unknown parameter type or key, so the stack \
              cannot even be validated, let alone instantiated.",
        fix: "Give every parameter a `type:`, one of the five HOT types (`integer` is \
              `number`, `list` is `comma_delimited_list`, `map` is `json`), and remove or \
              correct unknown keys.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let section = DefinitionSection::new(
        "parameters",
        "with `type:` and `description:`",
        Version::parameter_keys,
    );
    check_definitions(
        context,
        findings,
        &section,
        |findings, definition| {
            if definition.map.get("type").is_none() {
                findings.report(
                    definition.file,
                    definition.name.span,
                    definition.path(),
                    format!(
                        "parameter `{}` has no `type`; Heat refuses the template (\"Missing \
                         parameter type\")",
                        definition.name.text
                    ),
                );
            }
            true
        },
        |findings, definition, key, value| {
            let message = match key.text.as_str() {
                "type" => match &value.value {
                    Value::Str(t) if ParameterType::parse(t).is_some() => return,
                    Value::Str(t) => format!(
                        "`{t}` is not a HOT parameter type; use string, number, \
                     comma_delimited_list, json or boolean{}",
                        type_hint(t)
                    ),
                    _ => format!(
                        "`type` names one of string, number, comma_delimited_list, json or \
                     boolean, not {}",
                        value.kind()
                    ),
                },
                "tags" if value.as_seq().is_none() => {
                    format!("`tags` must be a list of strings, not {}", value.kind())
                }
                _ => return,
            };
            findings.report(
                definition.file,
                value.span,
                definition.key_path(key),
                message,
            );
        },
    );
}

/// The HOT type meant by a common foreign type name.
fn type_hint(written: &str) -> &'static str {
    match written.to_ascii_lowercase().as_str() {
        "integer" | "int" | "float" | "numeric" => " (`number` here)",
        "list" | "array" | "commadelimitedlist" => " (`comma_delimited_list` here)",
        "map" | "dict" | "object" => " (`json` here)",
        "bool" => " (`boolean` here)",
        "str" | "text" => " (`string` here)",
        _ => "",
    }
}
