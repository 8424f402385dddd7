//! Every parameter a template set declares, with its schema, secrecy, group and current
//! value: what parameter questions, answer checks and secret handling all read.

use std::collections::HashMap;

use crate::input::yaml::{Node, Value};
use crate::model::hot::parameters::{ParameterSchema, ParameterType};
use crate::model::hot::{HotSet, TemplateKind, Version};

/// One parameter declaration.
#[derive(Clone, Debug)]
pub struct Declared {
    /// Its name.
    pub name: String,
    /// The template declaring it.
    pub template: String,
    /// True in a base, incremental or volume module (false in a nested template).
    pub module: bool,
    /// The type and constraints, when the definition is readable.
    pub schema: Option<ParameterSchema>,
    /// `hidden: true`.
    pub hidden: bool,
    /// `label`.
    pub label: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `constraints` entries as written.
    pub constraints: Vec<Node>,
    /// The `parameter_groups` entry listing it: label and description.
    pub group: Option<(Option<String>, Option<String>)>,
    /// Its value: the module's environment `parameters`, else any `parameter_defaults`,
    /// else the template's `default`.
    pub value: Option<Node>,
    /// The environment file the value comes from (none: the template's default, or no
    /// value).
    pub in_environment: Option<String>,
}

impl Declared {
    /// The HOT type (string when the definition cannot be read).
    pub fn kind(&self) -> ParameterType {
        self.schema
            .as_ref()
            .map_or(ParameterType::String, |s| s.kind)
    }
}

fn text(node: Option<&Node>) -> Option<String> {
    node.and_then(Node::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// The parameters of every template of `set`, modules first, in declaration order.
pub fn declared(set: &HotSet) -> Vec<Declared> {
    // Values from environment files: each module's own `parameters`, any
    // `parameter_defaults` (Heat passes those to nested stacks too).
    let mut module_values: HashMap<usize, HashMap<String, (Node, String)>> = HashMap::new();
    let mut defaults: HashMap<String, (Node, String)> = HashMap::new();
    for module in &set.modules {
        let Some(env) = module.env.and_then(|id| set.environment(id)) else {
            continue;
        };
        let path = &env.file.path;
        let values = module_values.entry(module.template).or_default();
        for (key, value) in env.parameters() {
            values.insert(key.text.clone(), (value.clone(), path.clone()));
        }
        for (key, value) in env.parameter_defaults() {
            defaults
                .entry(key.text.clone())
                .or_insert_with(|| (value.clone(), path.clone()));
        }
    }
    let mut templates: Vec<_> = set.templates().filter(|t| t.is_hot()).collect();
    templates.sort_by_key(|t| (t.kind == TemplateKind::Nested, t.id));
    let mut out = Vec::new();
    for template in templates {
        let version = template.version().unwrap_or(Version::V2013_05_23);
        let mut groups: HashMap<String, (Option<String>, Option<String>)> = HashMap::new();
        for (group, name) in template.grouped_parameters() {
            groups
                .entry(name.to_owned())
                .or_insert_with(|| (text(group.get("label")), text(group.get("description"))));
        }
        let module = template.kind != TemplateKind::Nested;
        for (key, definition) in template.parameters() {
            let name = key.text.clone();
            let from_environment = module_values
                .get(&template.id)
                .and_then(|v| v.get(&name))
                .or_else(|| defaults.get(&name));
            let (value, in_environment) = match from_environment {
                Some((value, _)) if value.is_null() => (None, None),
                Some((value, path)) => (Some(value.clone()), Some(path.clone())),
                None => (
                    definition.get("default").filter(|v| !v.is_null()).cloned(),
                    None,
                ),
            };
            out.push(Declared {
                schema: ParameterSchema::from_definition(definition, version)
                    .ok()
                    .map(|p| p.schema),
                hidden: matches!(
                    definition.get("hidden").map(|h| &h.value),
                    Some(Value::Bool(true))
                ),
                label: text(definition.get("label")),
                description: text(definition.get("description")),
                constraints: definition
                    .get("constraints")
                    .and_then(Node::as_seq)
                    .map(<[Node]>::to_vec)
                    .unwrap_or_default(),
                group: groups.get(&name).cloned(),
                template: template.file.path.clone(),
                module,
                value,
                in_environment,
                name,
            });
        }
    }
    out
}
