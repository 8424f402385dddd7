//! The parameters a composition leaves open (the spec's step 5): those a chosen nested template
//! declares that no parent resource passes and no `parameter_defaults` covers. Changing a
//! choice changes this list, so the wizard and `onboard` recompute it after every choice.

use std::collections::HashMap;

use crate::foundation::diagnostics::Span;
use crate::input::yaml::Node;
use crate::model::hot::{FileId, HotSet};

use super::composition::Composition;
use super::resolve::{Implementation, Resolution};

/// A parameter the operator must answer (or may, when it has a default).
#[derive(Clone, Debug, PartialEq)]
pub struct OpenParameter {
    /// Its name.
    pub name: String,
    /// The module whose composition leaves it open.
    pub module: FileId,
    /// The nested template declaring it (the first one, when several do).
    pub template: FileId,
    /// Where the declaration's key is written.
    pub span: Span,
    /// `type:` as written.
    pub type_name: Option<String>,
    /// `label:`.
    pub label: Option<String>,
    /// `description:`.
    pub description: Option<String>,
    /// `default:`, when the template gives one.
    pub default: Option<Node>,
    /// `constraints:` as written.
    pub constraints: Option<Node>,
    /// `hidden: true` (a secret: never written to saved answers).
    pub hidden: bool,
    /// The `parameter_groups` label the template puts it under.
    pub group: Option<String>,
    /// Resources that use the template without passing it: `(parent template, resource)`.
    pub callers: Vec<(FileId, String)>,
    /// Other nested templates that declare it too.
    pub also_in: Vec<FileId>,
}

impl OpenParameter {
    /// True when the operator must give a value (there is no default).
    pub fn required(&self) -> bool {
        self.default.is_none()
    }
}

/// Every open parameter of every module, in module order and walk order.
pub fn open_parameters(
    composition: &Composition<'_>,
    resolution: &Resolution,
) -> Vec<OpenParameter> {
    let set = composition.set;
    let mut out: Vec<OpenParameter> = Vec::new();
    for module in &resolution.modules {
        let mut index: HashMap<&str, usize> = HashMap::new();
        let first = out.len();
        for used in &module.uses {
            let Implementation::Template(child) = used.implementation else {
                continue;
            };
            let slot = &composition.slots[used.slot];
            let Some(template) = set.template(child) else {
                continue;
            };
            let groups = parameter_groups(set, child);
            for (name, definition) in template.parameters() {
                if slot.passes.contains(&name.text)
                    || module
                        .environment
                        .parameter_defaults
                        .contains_key(&name.text)
                {
                    continue;
                }
                let caller = (slot.template, slot.resource.clone());
                if let Some(&at) = index.get(name.text.as_str()) {
                    let open = &mut out[first + at];
                    if !open.callers.contains(&caller) {
                        open.callers.push(caller);
                    }
                    if open.template != child && !open.also_in.contains(&child) {
                        open.also_in.push(child);
                    }
                    continue;
                }
                let text = |key: &str| {
                    definition
                        .get(key)
                        .and_then(crate::input::yaml::scalar_text)
                        .filter(|t| !t.is_empty())
                };
                index.insert(name.text.as_str(), out.len() - first);
                out.push(OpenParameter {
                    name: name.text.clone(),
                    module: module.module,
                    template: child,
                    span: name.span,
                    type_name: text("type"),
                    label: text("label"),
                    description: text("description"),
                    default: definition.get("default").filter(|d| !d.is_null()).cloned(),
                    constraints: definition.get("constraints").cloned(),
                    hidden: matches!(
                        definition.get("hidden").map(|h| &h.value),
                        Some(crate::input::yaml::Value::Bool(true))
                    ),
                    group: groups.get(name.text.as_str()).cloned(),
                    callers: vec![caller],
                    also_in: Vec::new(),
                });
            }
        }
    }
    out
}

/// The `parameter_groups` label of each grouped parameter of a template.
fn parameter_groups(set: &HotSet, template: FileId) -> HashMap<String, String> {
    let mut groups = HashMap::new();
    let Some(template) = set.template(template) else {
        return groups;
    };
    for (group, name) in template.grouped_parameters() {
        if let Some(label) = group.get("label").and_then(Node::as_str) {
            groups
                .entry(name.to_owned())
                .or_insert_with(|| label.to_owned());
        }
    }
    groups
}
