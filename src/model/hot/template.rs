//! Read-only views of a template and an environment file over their YAML trees.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Key, Mapping, Node};

use super::set::{FileId, HotSet, Module, Role, SourceFile, TemplateKind};
use super::version::Version;

/// Suffixes that make a resource `type:` a template file rather than a type name.
pub const TEMPLATE_SUFFIXES: [&str; 3] = [".yaml", ".yml", ".template"];

/// True when a resource type names a template file (`nested.yaml`).
pub fn is_template_reference(resource_type: &str) -> bool {
    TEMPLATE_SUFFIXES
        .iter()
        .any(|suffix| resource_type.ends_with(suffix))
}

/// A template of the set, parsed into a mapping.
#[derive(Clone, Copy, Debug)]
pub struct Template<'a> {
    /// The file id in the set.
    pub id: FileId,
    /// The file.
    pub file: &'a SourceFile,
    /// The top-level mapping.
    pub root: &'a Mapping,
    /// Base, incremental, volume or nested.
    pub kind: TemplateKind,
}

/// A named entry of a section (`parameters`, `resources`, `outputs`, `conditions`).
pub type Entry<'a> = (&'a Key, &'a Node);

/// Entries of the top-level section `name` of a template or environment file, when it is a
/// mapping (empty otherwise).
fn section_entries<'a>(root: &'a Mapping, name: &str) -> impl Iterator<Item = Entry<'a>> + use<'a> {
    root.get(name)
        .and_then(Node::as_map)
        .into_iter()
        .flat_map(Mapping::iter)
}

impl<'a> Template<'a> {
    /// True for a HOT template (it has `heat_template_version`), as opposed to CFN formats.
    pub fn is_hot(&self) -> bool {
        self.root.get("heat_template_version").is_some()
    }

    /// True for a template in one of the CloudFormation formats Heat also reads (its
    /// sections are `Parameters`, `Resources`, …, not HOT's).
    pub fn is_cfn(&self) -> bool {
        ["HeatTemplateFormatVersion", "AWSTemplateFormatVersion"]
            .iter()
            .any(|key| self.root.get(key).is_some())
    }

    /// The version Heat would use, when `heat_template_version` names one.
    pub fn version(&self) -> Option<Version> {
        self.root
            .get("heat_template_version")
            .and_then(Node::as_str)
            .and_then(Version::parse)
    }

    /// A top-level section's key and value.
    pub fn section(&self, name: &str) -> Option<Entry<'a>> {
        let key = self.root.key(name)?;
        Some((key, self.root.get(name)?))
    }

    /// Entries of a top-level section that is a mapping (empty otherwise).
    pub fn entries(&self, name: &str) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        section_entries(self.root, name)
    }

    /// Declared parameters.
    pub fn parameters(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("parameters")
    }

    /// Declared resources.
    pub fn resources(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("resources")
    }

    /// Declared outputs.
    pub fn outputs(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("outputs")
    }

    /// Declared conditions.
    pub fn conditions(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("conditions")
    }

    /// The parameter definition named `name`.
    pub fn parameter(&self, name: &str) -> Option<&'a Node> {
        self.root.get("parameters")?.get(name)
    }

    /// The resource definition named `name`.
    pub fn resource(&self, name: &str) -> Option<&'a Node> {
        self.root.get("resources")?.get(name)
    }

    /// The file's package path.
    pub fn path(&self) -> &'a str {
        &self.file.path
    }

    /// Each name a `parameter_groups` entry lists, with the group that lists it, in the order
    /// written; groups and names that are not of the right kind are passed over.
    pub fn grouped_parameters(&self) -> impl Iterator<Item = (&'a Node, &'a str)> + use<'a> {
        let groups = self.root.get("parameter_groups").and_then(Node::as_seq);
        groups.into_iter().flatten().flat_map(|group| {
            let names = group.get("parameters").and_then(Node::as_seq);
            let names = names.into_iter().flatten().filter_map(Node::as_str);
            names.map(move |name| (group, name))
        })
    }
}

/// The `type:` of a resource definition, when it is a string.
pub fn resource_type(resource: &Node) -> Option<&str> {
    resource.get("type").and_then(Node::as_str)
}

/// The resource a value refers to when it is one `{get_resource: id}` or
/// `{get_attr: [id, …]}` call.
pub fn referenced_resource(value: &Node) -> Option<&str> {
    let map = value.as_map()?;
    if map.len() != 1 {
        return None;
    }
    if let Some(id) = map.get("get_resource") {
        return id.as_str();
    }
    map.get("get_attr")?.as_seq()?.first()?.as_str()
}

/// Group resources whose members are defined inside their properties, with the property that
/// holds the member definition.
pub const GROUPS: [(&str, &str); 2] = [
    ("OS::Heat::ResourceGroup", "resource_def"),
    ("OS::Heat::AutoScalingGroup", "resource"),
];

/// A place where a template names a resource type: a resource's `type:`, or the member
/// definition of a resource group.
#[derive(Clone, Copy, Debug)]
pub struct TypeSlot<'a> {
    /// The resource.
    pub resource: &'a Key,
    /// The definition holding `type:` (the resource, or the group's member definition).
    pub definition: &'a Node,
    /// The `type:` value.
    pub type_node: &'a Node,
    /// The type as written.
    pub written: &'a str,
    /// The group property holding the member definition, for group members.
    pub member_of: Option<&'static str>,
}

impl<'a> TypeSlot<'a> {
    /// Dotted path of the `type:` value.
    pub fn path(&self) -> String {
        match self.member_of {
            Some(property) => format!(
                "resources.{}.properties.{property}.type",
                self.resource.text
            ),
            None => format!("resources.{}.type", self.resource.text),
        }
    }

    /// The properties the resource passes to its implementation.
    pub fn properties(&self) -> Option<&'a Mapping> {
        self.definition.get("properties").and_then(Node::as_map)
    }

    /// Dotted path of the definition (`resources.web`, or the group's member definition).
    pub fn owner(&self) -> String {
        let path = self.path();
        path.strip_suffix(".type").unwrap_or(&path).to_owned()
    }

    /// Where a property left out is reported: the `properties:` key, else the `type:`.
    pub fn properties_span(&self) -> Span {
        self.definition
            .as_map()
            .and_then(|d| d.key("properties"))
            .map_or(self.type_node.span, |k| k.span)
    }
}

impl<'a> Template<'a> {
    /// Every place that names a resource type, in source order: each resource's `type:` and
    /// the member `type:` of `OS::Heat::ResourceGroup` and `OS::Heat::AutoScalingGroup`.
    pub fn type_slots(&self) -> Vec<TypeSlot<'a>> {
        let mut slots = Vec::new();
        for (name, resource) in self.resources() {
            let Some(type_node) = resource.get("type") else {
                continue;
            };
            let Some(written) = type_node.as_str() else {
                continue;
            };
            slots.push(TypeSlot {
                resource: name,
                definition: resource,
                type_node,
                written,
                member_of: None,
            });
            let Some((_, property)) = GROUPS.iter().find(|(group, _)| *group == written) else {
                continue;
            };
            let Some(member) = resource.get("properties").and_then(|p| p.get(property)) else {
                continue;
            };
            if let Some(member_type) = member.get("type")
                && let Some(text) = member_type.as_str()
            {
                slots.push(TypeSlot {
                    resource: name,
                    definition: member,
                    type_node: member_type,
                    written: text,
                    member_of: Some(property),
                });
            }
        }
        slots
    }
}

/// An environment file of the set, parsed into a mapping.
#[derive(Clone, Copy, Debug)]
pub struct Environment<'a> {
    /// The file id in the set.
    pub id: FileId,
    /// The file.
    pub file: &'a SourceFile,
    /// The top-level mapping.
    pub root: &'a Mapping,
}

impl<'a> Environment<'a> {
    /// Entries of a section that is a mapping (empty otherwise).
    pub fn entries(&self, name: &str) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        section_entries(self.root, name)
    }

    /// `parameters:` values.
    pub fn parameters(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("parameters")
    }

    /// `parameter_defaults:` values.
    pub fn parameter_defaults(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("parameter_defaults")
    }

    /// `resource_registry:` entries (type → file, alias or nested map).
    pub fn registry(&self) -> impl Iterator<Item = Entry<'a>> + use<'a> {
        self.entries("resource_registry")
    }
}

impl HotSet {
    /// Every template that parsed into a mapping.
    pub fn templates(&self) -> impl Iterator<Item = Template<'_>> {
        (0..self.files.len()).filter_map(|id| self.template(id))
    }

    /// The template with this id, when it parsed into a mapping.
    pub fn template(&self, id: FileId) -> Option<Template<'_>> {
        let file = self.files.get(id)?;
        let Role::Template(kind) = file.role else {
            return None;
        };
        let root = file.document.as_ref()?.root.as_map()?;
        Some(Template {
            id,
            file,
            root,
            kind,
        })
    }

    /// Every environment file that parsed into a mapping.
    pub fn environments(&self) -> impl Iterator<Item = Environment<'_>> {
        (0..self.files.len()).filter_map(|id| self.environment(id))
    }

    /// The environment with this id, when it parsed into a mapping.
    pub fn environment(&self, id: FileId) -> Option<Environment<'_>> {
        let file = self.files.get(id)?;
        (file.role == Role::Environment).then_some(())?;
        let root = file.document.as_ref()?.root.as_map()?;
        Some(Environment { id, file, root })
    }

    /// The base module, when one module is the base.
    pub fn base_module(&self) -> Option<&Module> {
        self.modules.iter().find(|m| m.kind == TemplateKind::Base)
    }

    /// The base module's template, when one module is the base and its template parsed.
    pub fn base_template(&self) -> Option<Template<'_>> {
        self.template(self.base_module()?.template)
    }
}
