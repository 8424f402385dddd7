//! Templates under construction: parameters, groups and resources with unique ONAP names,
//! the environment values of the base template, and references from nested templates to
//! what the base defines (passed down as parameters of the nested template).

use std::collections::HashMap;

use crate::foundation::diagnostics::Span;
use crate::input::yaml::write::{map, node, seq, string, to_string};
use crate::input::yaml::{Key, Node, Value};
use crate::model::hot::parameters::ParameterType;

use super::names::Names;

/// The HOT version every generated template declares (Newton: `str_replace`, `get_file`,
/// `list_join`, `depends_on` lists, lower-case deletion policies).
pub const HEAT_TEMPLATE_VERSION: &str = "2016-10-14";

/// The resource type of scaled-out groups.
pub const GROUP_TYPE: &str = "OS::Heat::ResourceGroup";

/// Index of a template in [`Output::drafts`].
pub type DraftId = usize;

/// The base template.
pub const BASE: DraftId = 0;

/// Something the base template defines that any template may refer to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ref {
    /// A parameter of the base template.
    Param(String),
    /// A resource of the base template (its ID).
    Resource(String),
    /// The number of this copy, which a resource group gives each copy of its nested
    /// template (`%index%`).
    GroupIndex,
}

/// The parameter name under which a nested template receives resource `id`: ONAP's
/// `int_{network-role}_net_id` / `int_{network-role}_subnet_id` for an internal network and
/// its subnet (`int_{network-role}_network`, `int_{network-role}_subnet`), else the id.
fn import_hint(id: &str) -> String {
    if let Some(role) = id.strip_prefix("int_") {
        if let Some(role) = role.strip_suffix("_network") {
            return format!("int_{role}_net_id");
        }
        if let Some(role) = role.strip_suffix("_subnet") {
            return format!("int_{role}_subnet_id");
        }
    }
    id.to_owned()
}

/// A parameter declaration.
#[derive(Clone, Debug)]
pub struct Parameter {
    /// Its name.
    pub name: String,
    /// Its HOT type.
    pub kind: ParameterType,
    /// `label`.
    pub label: Option<String>,
    /// `description` (ONAP requires one, R-44001).
    pub description: String,
    /// `hidden: true` for secrets.
    pub hidden: bool,
    /// `constraints` entries.
    pub constraints: Vec<Node>,
}

impl Parameter {
    /// A parameter without label, constraints or secrecy.
    pub fn new(kind: ParameterType, description: impl Into<String>) -> Parameter {
        Parameter {
            name: String::new(),
            kind,
            label: None,
            description: description.into(),
            hidden: false,
            constraints: Vec::new(),
        }
    }

    fn render(&self) -> Node {
        let mut entries = vec![("type", string(self.kind.name()))];
        if let Some(label) = &self.label {
            entries.push(("label", string(label.clone())));
        }
        entries.push(("description", string(self.description.clone())));
        if self.hidden {
            entries.push(("hidden", node(Value::Bool(true))));
        }
        if !self.constraints.is_empty() {
            entries.push(("constraints", seq(self.constraints.iter().cloned())));
        }
        map(entries)
    }
}

/// A resource declaration.
#[derive(Clone, Debug)]
pub struct Resource {
    /// Its ID.
    pub id: String,
    /// `type`.
    pub kind: String,
    /// `properties`, in order.
    pub properties: Vec<(String, Node)>,
    /// `depends_on`.
    pub depends_on: Vec<String>,
}

impl Resource {
    /// Adds a dependency once.
    pub fn depend_on(&mut self, id: &str) {
        if self.id != id && !self.depends_on.iter().any(|d| d == id) {
            self.depends_on.push(id.to_owned());
        }
    }
}

/// One template being written.
#[derive(Debug)]
pub struct Draft {
    /// Its file name in the output.
    pub file: String,
    /// `description`.
    pub description: String,
    names: Names,
    parameters: Vec<Parameter>,
    groups: Vec<(String, Vec<String>)>,
    resources: Vec<Resource>,
    index: HashMap<String, usize>,
    parent: Option<(DraftId, String)>,
    imports: Vec<(String, Node)>,
    imported: HashMap<Ref, String>,
}

impl Draft {
    fn new(file: String, description: String, parent: Option<(DraftId, String)>) -> Draft {
        Draft {
            file,
            description,
            names: Names::default(),
            parameters: Vec::new(),
            groups: Vec::new(),
            resources: Vec::new(),
            index: HashMap::new(),
            parent,
            imports: Vec::new(),
            imported: HashMap::new(),
        }
    }
}

/// Every template of one conversion and the base template's environment values.
#[derive(Debug)]
pub struct Output {
    /// The templates; [`BASE`] first.
    pub drafts: Vec<Draft>,
    resource_ids: Names,
    env: Vec<(String, Node)>,
    env_index: HashMap<String, usize>,
    base_parameters: HashMap<String, usize>,
}

/// A generated call such as `{get_param: name}`.
pub fn call(function: &str, args: Node) -> Node {
    map([(function, args)])
}

/// `{get_param: name}`.
pub fn get_param(name: &str) -> Node {
    call("get_param", string(name))
}

/// `{get_resource: id}`.
pub fn get_resource(id: &str) -> Node {
    call("get_resource", string(id))
}

/// `{get_attr: [id, attribute]}`.
pub fn get_attr(id: &str, attribute: &str) -> Node {
    call("get_attr", seq([string(id), string(attribute)]))
}

/// An integer node.
pub fn int(value: i64) -> Node {
    node(Value::Int(value))
}

/// A boolean node.
pub fn boolean(value: bool) -> Node {
    node(Value::Bool(value))
}

impl Output {
    /// Starts the base template.
    pub fn new(file: String, description: String) -> Output {
        Output {
            drafts: vec![Draft::new(file, description, None)],
            resource_ids: Names::default(),
            env: Vec::new(),
            env_index: HashMap::new(),
            base_parameters: HashMap::new(),
        }
    }

    /// Starts a nested template instantiated by resource `group` of `parent`; the values it
    /// needs from `parent` become that resource's properties (its `resource_def`'s for a
    /// resource group).
    pub fn nested(
        &mut self,
        parent: DraftId,
        group: &str,
        file: String,
        description: String,
    ) -> DraftId {
        self.drafts.push(Draft::new(
            file,
            description,
            Some((parent, group.to_owned())),
        ));
        self.drafts.len() - 1
    }

    /// Declares a parameter named after `hint` (or `fallback`); returns its name.
    pub fn parameter(
        &mut self,
        draft: DraftId,
        hint: &str,
        fallback: &str,
        mut parameter: Parameter,
    ) -> String {
        let name = self.drafts[draft].names.claim(hint, fallback, |_| true);
        parameter.name = name.clone();
        if draft == BASE {
            self.base_parameters
                .insert(name.clone(), self.drafts[BASE].parameters.len());
        }
        self.drafts[draft].parameters.push(parameter);
        name
    }

    /// The base parameter with this name.
    pub fn base_parameter(&self, name: &str) -> Option<&Parameter> {
        let at = *self.base_parameters.get(name)?;
        self.drafts[BASE].parameters.get(at)
    }

    /// Sets a base parameter's value in the environment file.
    pub fn set_value(&mut self, name: &str, value: Node) {
        match self.env_index.get(name) {
            Some(&at) => self.env[at].1 = value,
            None => {
                self.env_index.insert(name.to_owned(), self.env.len());
                self.env.push((name.to_owned(), value));
            }
        }
    }

    /// Lists a base parameter under a `parameter_groups` label.
    pub fn group(&mut self, label: &str, name: &str) {
        let groups = &mut self.drafts[BASE].groups;
        match groups.iter_mut().find(|(l, _)| l == label) {
            Some((_, names)) => names.push(name.to_owned()),
            None => groups.push((label.to_owned(), vec![name.to_owned()])),
        }
    }

    /// Moves the `parameter_groups` entry `label`, and its parameters in `parameters`, to
    /// the end of the base template (readers list parameters in declaration order).
    pub fn group_last(&mut self, label: &str) {
        let base = &mut self.drafts[BASE];
        let Some(at) = base.groups.iter().position(|(l, _)| l == label) else {
            return;
        };
        let group = base.groups.remove(at);
        let last: std::collections::HashSet<&str> = group.1.iter().map(String::as_str).collect();
        let (mut first, moved): (Vec<Parameter>, Vec<Parameter>) =
            std::mem::take(&mut base.parameters)
                .into_iter()
                .partition(|p| !last.contains(p.name.as_str()));
        first.extend(moved);
        base.parameters = first;
        base.groups.push(group);
        self.base_parameters = self.drafts[BASE]
            .parameters
            .iter()
            .enumerate()
            .map(|(at, p)| (p.name.clone(), at))
            .collect();
    }

    /// Declares a resource named after `hint` (or `fallback`), unique across every
    /// template (R-16447) and apart from the template's parameter names; returns its ID.
    pub fn resource(
        &mut self,
        draft: DraftId,
        hint: &str,
        fallback: &str,
        kind: &str,
        properties: Vec<(&str, Node)>,
    ) -> String {
        let local = &self.drafts[draft].names;
        let id = self
            .resource_ids
            .claim(hint, fallback, |candidate| !local.contains(candidate));
        let d = &mut self.drafts[draft];
        d.names.insert(id.clone());
        d.index.insert(id.clone(), d.resources.len());
        d.resources.push(Resource {
            id: id.clone(),
            kind: kind.to_owned(),
            properties: properties
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
            depends_on: Vec::new(),
        });
        id
    }

    /// A resource of a template, to add properties or dependencies.
    pub fn resource_mut(&mut self, draft: DraftId, id: &str) -> Option<&mut Resource> {
        let d = &mut self.drafts[draft];
        let at = *d.index.get(id)?;
        Some(&mut d.resources[at])
    }

    /// How `draft` refers to something of the base: directly in the base, else through a
    /// parameter of each nested template on the way down (declared once per template).
    pub fn reference(&mut self, draft: DraftId, target: &Ref) -> Node {
        let Some((parent, _)) = self.drafts[draft].parent.clone() else {
            return match target {
                Ref::Param(name) => get_param(name),
                Ref::Resource(id) => get_resource(id),
                // The base template is instantiated once: copy 0.
                Ref::GroupIndex => int(0),
            };
        };
        if let Some(local) = self.drafts[draft].imported.get(target) {
            return get_param(local);
        }
        let from_parent = match target {
            // A resource group numbers its copies; a plain nested resource passes its own
            // template's number on.
            Ref::GroupIndex if self.instantiated_by_group(draft) => string("%index%"),
            _ => self.reference(parent, target),
        };
        let (hint, declaration) = match target {
            Ref::GroupIndex => (
                "index".to_owned(),
                Parameter::new(
                    ParameterType::Number,
                    "Number of this copy in its resource group, from 0",
                ),
            ),
            Ref::Param(name) => {
                let base = self.base_parameter(name);
                let mut declaration = Parameter::new(
                    base.map_or(ParameterType::String, |p| p.kind),
                    base.map_or_else(|| format!("Value of {name}"), |p| p.description.clone()),
                );
                declaration.label = base.and_then(|p| p.label.clone());
                declaration.hidden = base.is_some_and(|p| p.hidden);
                (name.clone(), declaration)
            }
            Ref::Resource(id) => (
                import_hint(id),
                Parameter::new(
                    ParameterType::String,
                    format!("ID of {id}, created by the parent template"),
                ),
            ),
        };
        let local = self.import(draft, &hint, declaration, from_parent);
        self.drafts[draft]
            .imported
            .insert(target.clone(), local.clone());
        get_param(&local)
    }

    /// Declares a parameter of a nested template whose value the parent passes as
    /// `from_parent` (its `%index%` replaced by the instance number); returns the name.
    pub fn import(
        &mut self,
        draft: DraftId,
        hint: &str,
        declaration: Parameter,
        from_parent: Node,
    ) -> String {
        let local = self.parameter(draft, hint, "value", declaration);
        self.drafts[draft]
            .imports
            .push((local.clone(), from_parent));
        local
    }

    /// True when the resource instantiating `draft` is a resource group.
    fn instantiated_by_group(&self, draft: DraftId) -> bool {
        let Some((parent, id)) = &self.drafts[draft].parent else {
            return false;
        };
        let d = &self.drafts[*parent];
        d.index
            .get(id)
            .is_some_and(|&at| d.resources[at].kind == GROUP_TYPE)
    }

    /// True when `draft` is instantiated several times (a nested template).
    pub fn is_nested(&self, draft: DraftId) -> bool {
        self.drafts[draft].parent.is_some()
    }

    /// Writes every template (base first) and the base environment file's text.
    pub fn render(mut self) -> (Vec<(String, String)>, String) {
        // Each nested template's imports become its group's resource_def properties.
        for child in 1..self.drafts.len() {
            let Some((parent, group)) = self.drafts[child].parent.clone() else {
                continue;
            };
            let imports = std::mem::take(&mut self.drafts[child].imports);
            let Some(resource) = self.resource_mut(parent, &group) else {
                continue;
            };
            match resource
                .properties
                .iter_mut()
                .find(|(k, _)| k == "resource_def")
            {
                Some((_, definition)) => {
                    if let Value::Map(entries) = &mut definition.value {
                        entries.insert(
                            Key {
                                text: "properties".to_owned(),
                                span: Span::default(),
                            },
                            map(imports),
                        );
                    }
                }
                None => resource.properties.extend(imports),
            }
        }
        let templates = self.drafts.iter().map(render_draft).collect();
        let env = to_string(
            &map([(
                "parameters",
                map(self.env.iter().map(|(k, v)| (k.clone(), v.clone()))),
            )]),
            crate::model::hot::version::is_function_name,
        );
        (templates, env)
    }
}

fn render_draft(draft: &Draft) -> (String, String) {
    let mut entries: Vec<(&str, Node)> = vec![
        ("heat_template_version", string(HEAT_TEMPLATE_VERSION)),
        ("description", string(draft.description.clone())),
    ];
    if !draft.groups.is_empty() {
        entries.push((
            "parameter_groups",
            seq(draft.groups.iter().map(|(label, names)| {
                map([
                    ("label", string(label.clone())),
                    ("parameters", seq(names.iter().map(|n| string(n.clone())))),
                ])
            })),
        ));
    }
    entries.push((
        "parameters",
        map(draft
            .parameters
            .iter()
            .map(|p| (p.name.clone(), p.render()))),
    ));
    entries.push((
        "resources",
        map(draft.resources.iter().map(|r| {
            let mut body = vec![("type", string(r.kind.clone()))];
            if !r.properties.is_empty() {
                body.push((
                    "properties",
                    map(r.properties.iter().map(|(k, v)| (k.clone(), v.clone()))),
                ));
            }
            if !r.depends_on.is_empty() {
                body.push((
                    "depends_on",
                    seq(r.depends_on.iter().map(|d| string(d.clone()))),
                ));
            }
            (r.id.clone(), map(body))
        })),
    ));
    (
        draft.file.clone(),
        to_string(&map(entries), crate::model::hot::version::is_function_name),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_templates_receive_base_values_as_parameters() {
        let mut out = Output::new("vnf.yaml".into(), "VNF".into());
        let image = out.parameter(
            BASE,
            "fw_image_name",
            "image",
            Parameter::new(ParameterType::String, "Image"),
        );
        out.set_value(&image, string("fw.qcow2"));
        let flavor = out.resource(BASE, "fw_flavor", "flavor", "OS::Nova::Flavor", vec![]);
        out.resource(
            BASE,
            "fw_group",
            "group",
            "OS::Heat::ResourceGroup",
            vec![("resource_def", map([("type", string("vnf_fw.yaml"))]))],
        );
        let nested = out.nested(BASE, "fw_group", "vnf_fw.yaml".into(), "one fw".into());
        let a = out.reference(nested, &Ref::Param(image.clone()));
        let b = out.reference(nested, &Ref::Param(image.clone()));
        assert_eq!(a, b, "imported once");
        out.reference(nested, &Ref::Resource(flavor));
        // A resource of the nested template never reuses a name of the base.
        let id = out.resource(nested, "fw_flavor", "x", "OS::Heat::None", vec![]);
        assert_eq!(id, "fw_flavor_2");
        let (templates, env) = out.render();
        assert_eq!(env, "parameters:\n  fw_image_name: fw.qcow2\n");
        assert!(
            templates[0]
                .1
                .contains("properties:\n          fw_image_name: {get_param: fw_image_name}\n          fw_flavor: {get_resource: fw_flavor}\n"),
            "{}",
            templates[0].1
        );
        assert!(templates[1].1.contains("fw_flavor:\n    type: string\n"));
    }
}
