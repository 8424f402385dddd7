//! The `OS::Nova::Server` resources of a set, found once per run for the ONAP rules, with
//! what their properties read.

use crate::foundation::diagnostics::Span;
use crate::input::yaml::{Key, Mapping, Node};
use crate::model::hot::Template;
use crate::model::hot::template::resource_type;
use crate::model::hot::usage::{DirectRead, direct_read};

/// The resource type of a virtual machine.
pub const SERVER_TYPE: &str = "OS::Nova::Server";

/// A server resource and the template it is defined in.
#[derive(Clone, Copy, Debug)]
pub struct Server<'a> {
    /// The template holding the resource.
    pub template: Template<'a>,
    /// The resource id.
    pub id: &'a Key,
    /// The resource definition.
    pub definition: &'a Node,
}

impl<'a> Server<'a> {
    /// The `properties:` map, when written as one.
    pub fn properties(&self) -> Option<&'a Mapping> {
        self.definition.get("properties").and_then(Node::as_map)
    }

    /// A property's key and value.
    pub fn property(&self, name: &str) -> Option<(&'a Key, &'a Node)> {
        let properties = self.properties()?;
        properties.entry(name)
    }

    /// The parameter a property reads, when its value is one `get_param` call.
    pub fn read(&self, property: &str) -> Option<DirectRead<'a>> {
        direct_read(self.property(property)?.1)
    }

    /// Dotted path of a property (`resources.vfw_server_0.properties.image`).
    pub fn path(&self, property: &str) -> String {
        format!("resources.{}.properties.{property}", self.id.text)
    }

    /// Where a property the server lacks is reported: its `properties:` key, else its id.
    pub fn missing_place(&self) -> Span {
        self.definition
            .as_map()
            .and_then(|map| map.key("properties"))
            .map_or(self.id.span, |key| key.span)
    }
}

/// Every server resource of the templates, in template then source order.
pub fn servers<'a>(templates: &[Template<'a>]) -> Vec<Server<'a>> {
    let mut found = Vec::new();
    for template in templates {
        for (id, definition) in template.resources() {
            if resource_type(definition) == Some(SERVER_TYPE) {
                found.push(Server {
                    template: *template,
                    id,
                    definition,
                });
            }
        }
    }
    found
}
