//! R-16241: an internal network the VNF creates has a subnet.
//!
//! A Neutron network (`OS::Neutron::Net`, `OS::Neutron::ProviderNet`) or a first-plugin
//! Contrail one (`OS::Contrail::VirtualNetwork`) has a subnet when an `OS::Neutron::Subnet`
//! (or `OS::Contrail::VnSubnet`) of the same template names it in `network` (or `network_id`) with
//! `get_resource`/`get_attr`, or when the network is passed to a nested template whose
//! `OS::Neutron::Subnet` reads the receiving parameter. A Contrail network has one when its
//! `network_ipam_refs_data` lists `network_ipam_refs_data_ipam_subnets`, or as a Neutron one.

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::check::rules::onap::vocabulary::networks::{
    CONTRAIL_NETWORK, SUBNET_TYPES, created_networks,
};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::set::Nesting;
use crate::model::hot::usage::read_parameter;
use crate::model::hot::{FileId, Template};

/// An internal network without a subnet.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-16241",
        keyword: Keyword::Must,
        section: "ONAP Heat Networking / Internal Networks",
        summary: "Every internal network a template creates has at least one subnet.",
        why: "A network without a subnet gives its ports no addresses; ONAP models an internal \
              network with its subnets and cannot assign or record addresses on it.",
        fix: "Add an `OS::Neutron::Subnet` with `network: {get_resource: <network>}` and its \
              `cidr` (for Contrail, `network_ipam_refs_data` with an IPAM subnet).",
    },
    check: Check::Hot(check),
};

/// The network a subnet definition names, when it names a resource or a parameter.
enum SubnetOf<'a> {
    Resource(&'a str),
    Parameter(&'a str),
}

fn subnet_of(subnet: &Node) -> Option<SubnetOf<'_>> {
    let properties = subnet.get("properties")?;
    let network = properties
        .get("network")
        .or_else(|| properties.get("network_id"))?;
    if let Some(name) = read_parameter(network) {
        return Some(SubnetOf::Parameter(name.as_str()?));
    }
    let map = network.as_map()?;
    let target = match map.get("get_resource") {
        Some(target) => target,
        None => map.get("get_attr")?.as_seq()?.first()?,
    };
    Some(SubnetOf::Resource(target.as_str()?))
}

/// What a template's subnets name: network resources of the template, and parameters.
#[derive(Default)]
struct Named<'a> {
    resources: HashSet<&'a str>,
    parameters: HashSet<&'a str>,
}

fn subnets<'a>(templates: &[Template<'a>]) -> HashMap<FileId, Named<'a>> {
    templates
        .iter()
        .map(|t| {
            let mut named = Named::default();
            let subnets = t.resources().filter(|(_, r)| {
                r.get("type")
                    .and_then(Node::as_str)
                    .is_some_and(|t| SUBNET_TYPES.contains(&t))
            });
            for (_, subnet) in subnets {
                match subnet_of(subnet) {
                    Some(SubnetOf::Resource(name)) => named.resources.insert(name),
                    Some(SubnetOf::Parameter(name)) => named.parameters.insert(name),
                    None => false,
                };
            }
            (t.id, named)
        })
        .collect()
}

/// The resource a `get_resource` or `get_attr` value names.
fn names_resource(value: &Node) -> Option<&str> {
    let map = value.as_map().filter(|m| m.len() == 1)?;
    match map.get("get_resource") {
        Some(target) => target.as_str(),
        None => map.get("get_attr")?.as_seq()?.first()?.as_str(),
    }
}

/// The (child template, child parameter) pairs each network of a template is passed to.
fn passed_to<'a>(
    template: &Template<'a>,
    edges: &[&Nesting],
) -> HashMap<&'a str, Vec<(FileId, &'a str)>> {
    let mut out: HashMap<&'a str, Vec<(FileId, &'a str)>> = HashMap::new();
    let mut properties_of = HashMap::new();
    for slot in template.type_slots() {
        if let Some(properties) = slot.properties() {
            properties_of.insert(slot.resource.text.as_str(), properties);
        }
    }
    for edge in edges {
        let Some(properties) = properties_of.get(edge.resource.as_str()) else {
            continue;
        };
        for (key, value) in properties.iter() {
            if let Some(network) = names_resource(value) {
                out.entry(network)
                    .or_default()
                    .push((edge.child, key.text.as_str()));
            }
        }
    }
    out
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let subnets = subnets(&context.templates);
    let none = Named::default();
    let mut edges: HashMap<FileId, Vec<&Nesting>> = HashMap::new();
    for edge in &context.set.nesting {
        edges.entry(edge.parent).or_default().push(edge);
    }
    for template in &context.templates {
        let own = subnets.get(&template.id).unwrap_or(&none);
        let from_here = edges.get(&template.id).map_or(&[][..], Vec::as_slice);
        let passed = passed_to(template, from_here);
        for network in created_networks(template) {
            let id = network.id.text.as_str();
            let contrail_subnet = network.resource_type == CONTRAIL_NETWORK
                && network
                    .property("network_ipam_refs_data")
                    .and_then(Node::as_seq)
                    .is_some_and(|refs| {
                        refs.iter().any(|r| {
                            r.get("network_ipam_refs_data_ipam_subnets")
                                .is_some_and(|s| !s.is_blank())
                        })
                    });
            let nested_subnet = passed.get(id).is_some_and(|targets| {
                targets.iter().any(|(child, parameter)| {
                    subnets
                        .get(child)
                        .is_some_and(|s| s.parameters.contains(parameter))
                })
            });
            if own.resources.contains(id) || contrail_subnet || nested_subnet {
                continue;
            }
            findings.report(
                template.file,
                network.id.span,
                format!("resources.{id}"),
                format!("internal network `{id}` has no subnet"),
            );
        }
    }
}
