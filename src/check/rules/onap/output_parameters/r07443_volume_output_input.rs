//! R-07443: each volume module output is declared, with the same name and a matching type,
//! as a parameter of the module the volume module supports.
//!
//! Outputs have no declared type, so the type is read from the value: `get_resource` gives a
//! string (the UUID), a group's `refs` a list (`comma_delimited_list` or `json`), `refs_map`
//! and maps `json`, literals their own type. Values of other functions are not typed and only
//! the name is checked.

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::onap::vocabulary::volume_modules::volume_modules;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::{Node, Value};
use crate::model::hot::Template;

/// A volume output the supported module does not take, or takes with another type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-07443",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / Output Parameters / ONAP Volume \
                  Module Output Parameters",
        summary: "Every output of a volume module is a parameter, of the same name and a \
                  matching type, of the base or incremental module it supports.",
        why: "ONAP passes a volume module's outputs to its module by name; an output the module \
              does not declare is dropped, and one declared with another type fails when the \
              module is created, so its servers never get their volumes.",
        fix: "Declare a parameter with the output's name in the supported module (`type: \
              string` for one volume UUID, `comma_delimited_list` for a group's `refs`), or \
              rename the output to the parameter the module reads.",
    },
    check: Check::Hot(check),
};

/// The kind of value an output gives, when it can be read from the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Text,
    Number,
    Boolean,
    List,
    Map,
}

impl Shape {
    /// The parameter types that accept this kind of value.
    fn accepted(self) -> &'static [&'static str] {
        match self {
            Shape::Text => &["string"],
            Shape::Number => &["number"],
            Shape::Boolean => &["boolean"],
            Shape::List => &["comma_delimited_list", "json"],
            Shape::Map => &["json"],
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Shape::Text => "a string",
            Shape::Number => "a number",
            Shape::Boolean => "a boolean",
            Shape::List => "a list",
            Shape::Map => "a map",
        }
    }
}

const GROUPS: [&str; 2] = ["OS::Heat::ResourceGroup", "OS::Heat::AutoScalingGroup"];

/// The kind of value an output's `value` gives, if it can be told.
fn shape(volume: &Template<'_>, value: &Node) -> Option<Shape> {
    match &value.value {
        Value::Str(_) => Some(Shape::Text),
        Value::Int(_) | Value::Float(_) => Some(Shape::Number),
        Value::Bool(_) => Some(Shape::Boolean),
        Value::Seq(_) => Some(Shape::List),
        Value::Null => None,
        Value::Map(map) if map.len() == 1 => {
            let (function, args) = map.iter().next()?;
            match function.text.as_str() {
                "get_resource" | "list_join" | "str_replace" | "str_replace_strict" => {
                    Some(Shape::Text)
                }
                "get_attr" => {
                    let items = args.as_seq()?;
                    let resource = items.first()?.as_str()?;
                    let attribute = items.get(1)?.as_str()?;
                    let group = volume
                        .resource(resource)
                        .and_then(crate::model::hot::template::resource_type)
                        .is_some_and(|t| GROUPS.contains(&t));
                    match (group, attribute) {
                        (true, "refs") => Some(Shape::List),
                        (true, "refs_map") => Some(Shape::Map),
                        _ => None,
                    }
                }
                // A one-key map that is no function is plain data.
                name if !crate::model::hot::version::is_function_name(name) => Some(Shape::Map),
                _ => None,
            }
        }
        Value::Map(_) => Some(Shape::Map),
    }
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for volume in volume_modules(context.set) {
        let Some(volume_template) = context.template(volume.volume) else {
            continue;
        };
        for &module in &volume.supports {
            let Some(module) = context.template(module) else {
                continue;
            };
            let module_name = file_name(module.path());
            for (name, output) in volume_template.outputs() {
                let path = format!("outputs.{}", name.text);
                let Some(parameter) = module.parameter(&name.text) else {
                    findings.report(
                        volume_template.file,
                        name.span,
                        path,
                        format!(
                            "`{module_name}` declares no parameter `{}` to receive this output",
                            name.text
                        ),
                    );
                    continue;
                };
                let Some(shape) = output.get("value").and_then(|v| shape(volume_template, v))
                else {
                    continue;
                };
                let declared = parameter.get("type").and_then(Node::as_str);
                let Some(declared) = declared else {
                    continue;
                };
                if shape.accepted().contains(&declared) {
                    continue;
                }
                let at = parameter
                    .get("type")
                    .map_or(parameter.span, |node| node.span);
                findings
                    .report(
                        volume_template.file,
                        name.span,
                        path,
                        format!(
                            "this output is {} but parameter `{}` of `{module_name}` is \
                             `type: {declared}` (expected {})",
                            shape.describe(),
                            name.text,
                            shape.accepted().join(" or ")
                        ),
                    )
                    .also(module.path(), at, "the parameter's type");
            }
        }
    }
}
