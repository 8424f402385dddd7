//! R-16968: the templates create no ONAP external network.
//!
//! Every network a VNF's templates create is, by ONAP's definition, internal; what makes a
//! created network external is written on it: shared with other tenants (`shared`,
//! `is_shared`) or marked as the cloud's external network (`router:external` in Neutron
//! `value_specs`, `router_external`). A network resource with such a property set to true is
//! reported at that property.

use crate::check::rules::onap::vocabulary::networks::{
    CONTRAIL_LEGACY_NETWORK, CONTRAIL_NETWORK, NEUTRON_NET, NEUTRON_PROVIDER_NET, created_networks,
};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::{Key, Node, Value};

/// A network resource set up as an external network.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-16968",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Networking / External Networks",
        summary: "No template creates an external network: no network resource is shared or \
                  marked `router:external`/`router_external`.",
        why: "External networks belong to the cloud and outlive any VNF; ONAP creates them \
              through VID or SO and attaches VNFs to them. One made by a VNF's stack disappears \
              with it and is unknown to ONAP's inventory.",
        fix: "Remove the network from the template, have it created through VID or SO, and \
              attach the ports with a `{network-role}_net_id` (or `_net_name`) parameter; a \
              network only this VNF uses stays, without the sharing or external flag.",
    },
    check: Check::Hot(check),
};

/// The properties that make each network type shared or external.
fn external_flags(resource_type: &str) -> &'static [&'static str] {
    match resource_type {
        NEUTRON_NET => &["shared"],
        NEUTRON_PROVIDER_NET => &["shared", "router_external"],
        CONTRAIL_NETWORK => &["is_shared", "router_external"],
        CONTRAIL_LEGACY_NETWORK => &["shared", "external"],
        _ => &[],
    }
}

fn is_true(node: &Node) -> bool {
    match &node.value {
        Value::Bool(b) => *b,
        Value::Str(s) => s.eq_ignore_ascii_case("true"),
        _ => false,
    }
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for network in created_networks(template) {
            let id = &network.id.text;
            let Some(properties) = network.definition.get("properties").and_then(Node::as_map)
            else {
                continue;
            };
            let mut flagged: Vec<(&Key, String)> = external_flags(network.resource_type)
                .iter()
                .filter_map(|flag| {
                    let key = properties.key(flag)?;
                    is_true(properties.get(flag)?)
                        .then(|| (key, format!("resources.{id}.properties.{flag}")))
                })
                .collect();
            if network.resource_type == NEUTRON_NET
                && let Some(specs) = properties.get("value_specs").and_then(Node::as_map)
                && let (Some(key), Some(value)) =
                    (specs.key("router:external"), specs.get("router:external"))
                && is_true(value)
            {
                flagged.push((
                    key,
                    format!("resources.{id}.properties.value_specs.router:external"),
                ));
            }
            for (key, path) in flagged {
                findings.report(
                    template.file,
                    key.span,
                    path,
                    format!(
                        "`{id}` creates a network with `{}` set: an external network, which only \
                         VID or SO may create",
                        key.text
                    ),
                );
            }
        }
    }
}
