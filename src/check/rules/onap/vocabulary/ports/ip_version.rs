//! Whether a port's address parameter is about IPv6: its name, its instance IP's family, or
//! an IPv6 value as its default or in its module's environment file.

use foldhash::{HashMap, HashSet, HashSetExt};
use std::net::Ipv6Addr;

use crate::check::rules::onap::vocabulary::network_role::mentions_v6;
use crate::input::yaml::{Mapping, Node, Value};
use crate::model::hot::{FileId, HotSet, Template};

/// The declared `type:` of a template's parameter.
pub fn declared_type<'a>(template: &Template<'a>, parameter: &str) -> Option<&'a str> {
    template.parameter(parameter)?.get("type")?.as_str()
}

/// True when a value holds an IPv6 address or prefix (a text, a comma-separated text or a
/// list of them).
fn holds_v6(node: &Node) -> bool {
    let text_v6 = |text: &str| {
        text.split(',').any(|item| {
            let address = item.trim().split('/').next().unwrap_or_default();
            address.parse::<Ipv6Addr>().is_ok()
        })
    };
    match &node.value {
        Value::Str(text) => text_v6(text),
        Value::Seq(items) => items.iter().any(|i| i.as_str().is_some_and(text_v6)),
        _ => false,
    }
}

/// The parameters of each template whose default, or value in the environment file of the
/// template's module, holds an IPv6 address. Read once per run: a list of addresses is parsed
/// once, not once per port that reads an item of it.
pub fn v6_valued<'a>(templates: &[Template<'a>], set: &'a HotSet) -> HashSet<(FileId, &'a str)> {
    let env_values: HashMap<FileId, &'a Mapping> = set
        .modules
        .iter()
        .filter_map(|m| {
            let env = set.environment(m.env?)?;
            Some((m.template, env.root.get("parameters")?.as_map()?))
        })
        .collect();
    let mut found = HashSet::new();
    for template in templates {
        for (name, definition) in template.parameters() {
            if definition.get("default").is_some_and(holds_v6) {
                found.insert((template.id, name.text.as_str()));
            }
        }
        // Env values count whether or not the template declares the parameter.
        for (name, value) in env_values
            .get(&template.id)
            .map(|v| v.iter())
            .into_iter()
            .flatten()
        {
            if holds_v6(value) {
                found.insert((template.id, name.text.as_str()));
            }
        }
    }
    found
}

/// True when a parameter is about IPv6: a `v6` word in its name, an instance IP of family
/// `v6`, or an IPv6 value as its default or in its module's environment file (`v6_valued`,
/// see [`v6_valued`]).
pub fn is_v6_value(
    v6_valued: &HashSet<(FileId, &str)>,
    template: &Template<'_>,
    parameter: &str,
    family: bool,
) -> bool {
    family || mentions_v6(parameter) || v6_valued.contains(&(template.id, parameter))
}
