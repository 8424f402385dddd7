//! The resources R-85734 and R-99812 judge: every resource with a `name` property that is
//! not an `OS::Nova::Server` and is not implemented by a nested template (there `name` is a
//! parameter of the template, not the resource's name).

use foldhash::HashSet;

use crate::check::rules::Context;
use crate::check::rules::onap::vocabulary::server::SERVER_TYPE;
use crate::input::yaml::{Key, Node};
use crate::model::hot::Template;
use crate::model::hot::template::{is_template_reference, resource_type};

/// A resource's `name` property.
pub struct NamedResource<'a> {
    /// The template.
    pub template: Template<'a>,
    /// The resource id.
    pub id: &'a Key,
    /// The `name` key.
    pub key: &'a Key,
    /// The `name` value.
    pub value: &'a Node,
}

/// Every judged resource with a `name` property, in template and source order.
pub fn named_resources<'a>(context: &Context<'a>) -> Vec<NamedResource<'a>> {
    let nested: HashSet<(usize, &str)> = context
        .set
        .nesting
        .iter()
        .map(|edge| (edge.parent, edge.resource.as_str()))
        .collect();
    let mut found = Vec::new();
    for template in &context.templates {
        for (id, definition) in template.resources() {
            let Some(kind) = resource_type(definition) else {
                continue;
            };
            if kind == SERVER_TYPE
                || is_template_reference(kind)
                || nested.contains(&(template.id, id.text.as_str()))
            {
                continue;
            }
            let Some(properties) = definition.get("properties").and_then(Node::as_map) else {
                continue;
            };
            if let (Some(key), Some(value)) = (properties.key("name"), properties.get("name")) {
                found.push(NamedResource {
                    template: *template,
                    id,
                    key,
                    value,
                });
            }
        }
    }
    found
}
