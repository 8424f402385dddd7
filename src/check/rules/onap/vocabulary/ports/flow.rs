//! Where each parameter's value ends up: the port properties it feeds, directly or through
//! the properties a parent passes to a nested template (`{get_param: …}` as a property of
//! the nested resource or of a resource group's `resource_def`). The environment-file rules
//! judge a module's parameter by what it feeds anywhere below the module.

use std::collections::HashMap;

use foldhash::fast::RandomState;

use crate::input::yaml::{Key, Mapping, Node};
use crate::model::hot::set::Nesting;
use crate::model::hot::usage::read_parameter;
use crate::model::hot::{FileId, Template};

use crate::check::rules::onap::vocabulary::network_role::Side;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Ports, Property};

/// A port property a parameter feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sink {
    /// The port's type.
    pub kind: PortKind,
    /// The property.
    pub property: Property,
    /// The side of the port's network, when known.
    pub side: Option<Side>,
    /// The port is a Contrail instance IP of family `v6`.
    pub v6_family: bool,
}

/// foldhash: the env-file rules ask for the sinks of every module parameter, rule by rule.
type Sinks<'a> = HashMap<&'a str, Vec<Sink>, RandomState>;

/// A nesting edge's child and the properties it passes, as (child parameter, parent
/// parameter).
type Passed<'a> = (FileId, Vec<(&'a str, &'a str)>);

/// A declared parameter that feeds at least one port property.
#[derive(Debug)]
pub struct Fed<'a> {
    /// The parameter's name as declared.
    pub name: &'a Key,
    /// Its definition (`type:`, `default:`…).
    pub definition: &'a Node,
    /// What it feeds.
    pub sinks: Vec<Sink>,
}

/// The sinks of every parameter of every template.
#[derive(Debug, Default)]
pub struct Flow<'a> {
    by_template: HashMap<FileId, Sinks<'a>, RandomState>,
    /// Each template's declared parameters that feed a port, in declaration order: the
    /// environment-file rules walk these, rule by rule, instead of every parameter.
    fed: HashMap<FileId, Vec<Fed<'a>>, RandomState>,
}

impl<'a> Flow<'a> {
    /// Follows every parameter of `templates` into the ports of `ports`, through `nesting`.
    pub fn of(templates: &[Template<'a>], ports: &Ports<'a>, nesting: &[Nesting]) -> Flow<'a> {
        let mut direct: HashMap<FileId, Sinks<'a>> = HashMap::new();
        for port in &ports.all {
            for read in &port.reads {
                let sink = Sink {
                    kind: port.kind,
                    property: read.property,
                    side: port.side(),
                    v6_family: port.v6_family,
                };
                add(
                    direct.entry(port.template.id).or_default(),
                    read.parameter(),
                    &[sink],
                );
            }
        }
        let by_id: HashMap<FileId, &Template<'a>> = templates.iter().map(|t| (t.id, t)).collect();
        let mut edges: HashMap<FileId, Vec<Passed<'a>>> = HashMap::new();
        let mut passed: HashMap<FileId, HashMap<&'a str, &'a Mapping>> = HashMap::new();
        for edge in nesting {
            let Some(parent) = by_id.get(&edge.parent) else {
                continue;
            };
            let properties = passed.entry(edge.parent).or_insert_with(|| {
                // A group's member definition comes after the group and wins.
                let mut of = HashMap::new();
                for slot in parent.type_slots() {
                    if let Some(properties) = slot.properties() {
                        of.insert(slot.resource.text.as_str(), properties);
                    }
                }
                of
            });
            let Some(properties) = properties.get(edge.resource.as_str()) else {
                continue;
            };
            let pairs = properties
                .iter()
                .filter_map(|(key, value)| {
                    Some((key.text.as_str(), read_parameter(value)?.as_str()?))
                })
                .collect();
            edges
                .entry(edge.parent)
                .or_default()
                .push((edge.child, pairs));
        }
        let mut flow = Flow::default();
        let mut visiting: HashMap<FileId, bool> = HashMap::new();
        for template in templates {
            flow.finish(template.id, &direct, &edges, &mut visiting);
        }
        for template in templates {
            let Some(sinks) = flow.by_template.get(&template.id) else {
                continue;
            };
            let fed: Vec<Fed<'a>> = template
                .parameters()
                .filter_map(|(name, definition)| {
                    let found = sinks.get(name.text.as_str())?;
                    Some(Fed {
                        name,
                        definition,
                        sinks: found.clone(),
                    })
                })
                .collect();
            if !fed.is_empty() {
                flow.fed.insert(template.id, fed);
            }
        }
        flow
    }

    /// Computes a template's sinks after its children's, depth first with an explicit stack;
    /// a child still being visited (a nesting loop) contributes nothing.
    fn finish(
        &mut self,
        root: FileId,
        direct: &HashMap<FileId, Sinks<'a>>,
        edges: &HashMap<FileId, Vec<Passed<'a>>>,
        visiting: &mut HashMap<FileId, bool>,
    ) {
        if visiting.contains_key(&root) {
            return;
        }
        let mut stack = vec![(root, 0usize)];
        visiting.insert(root, true);
        while let Some((template, next)) = stack.pop() {
            let children = edges.get(&template).map_or(&[][..], Vec::as_slice);
            if let Some((child, _)) = children.get(next) {
                stack.push((template, next + 1));
                if !visiting.contains_key(child) {
                    visiting.insert(*child, true);
                    stack.push((*child, 0));
                }
                continue;
            }
            let mut sinks = direct.get(&template).cloned().unwrap_or_default();
            for (child, pairs) in children {
                let Some(below) = self.by_template.get(child) else {
                    continue;
                };
                for (child_parameter, parameter) in pairs {
                    if let Some(found) = below.get(child_parameter) {
                        add(&mut sinks, parameter, found);
                    }
                }
            }
            visiting.insert(template, false);
            self.by_template.insert(template, sinks);
        }
    }

    /// What a template's parameter feeds.
    pub fn sinks(&self, template: FileId, parameter: &str) -> &[Sink] {
        self.by_template
            .get(&template)
            .and_then(|s| s.get(parameter))
            .map_or(&[], Vec::as_slice)
    }

    /// A template's declared parameters that feed a port property, in declaration order.
    pub fn fed(&self, template: FileId) -> &[Fed<'a>] {
        self.fed.get(&template).map_or(&[], Vec::as_slice)
    }
}

fn add<'a>(sinks: &mut Sinks<'a>, parameter: &'a str, found: &[Sink]) {
    let list = sinks.entry(parameter).or_default();
    for sink in found {
        if !list.contains(sink) {
            list.push(*sink);
        }
    }
}
