//! R-304011: a server's id, its `image`, `flavor` and `name` parameters and the ports it
//! attaches name the same `{vm-type}`, and the ports' `{vm-type_index}` is the server's
//! `{index}`.
//!
//! The server's `{vm-type}` is the one its id gives, else the first its parameters give
//! (`vocabulary::vm_type`); every other name that follows its own convention and gives another
//! `{vm-type}` is reported where it is written, comparing exactly (letter case included, as
//! "identical" says). Ports are the `networks` entries' `port` values naming a Neutron port or
//! a Contrail VMI with `get_resource` or `get_attr`; the text names external ports (R-20453),
//! internal ports carry the same `{vm-type}_{vm-type_index}` prefix and are judged alike. A
//! port id without that prefix is R-20453's or R-26351's finding.

use crate::check::rules::onap::vocabulary::attachment::{CONTRAIL_VMI, NEUTRON_PORT};
use crate::check::rules::onap::vocabulary::vm_type::{from_server_id, split_instance};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::template::{referenced_resource, resource_type};

/// A server whose names disagree on its VM type or index.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-304011",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters",
        summary: "A server's id, its `image`, `flavor` and `name` parameters and its ports all \
                  carry the same `{vm-type}`, and its ports' `{vm-type_index}` equals the \
                  server's `{index}`.",
        why: "ONAP ties a VM to its image, flavor, names and ports through the `{vm-type}` and \
              index in their names; names that disagree make SDC model the parts as different \
              VM types and give the VM another type's image, flavor, name or addresses.",
        fix: "Rename the reported parameter or port so it carries the server's `{vm-type}` (and \
              the port its `{vm-type_index}`), e.g. `vfw_server_1` with `vfw_image_name`, \
              `vfw_flavor_name`, `vfw_names` and `vfw_1_oam_port_0`; if the names are right, the \
              server is of another `{vm-type}` and its id should say so.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let vm_types = context.vm_types();
    for (at, server) in context.servers().iter().enumerate() {
        let derivations = vm_types.derivations(at);
        let Some(reference) = derivations.first() else {
            continue;
        };
        let file = server.template.file;
        for other in &derivations[1..] {
            if other.vm_type == reference.vm_type {
                continue;
            }
            let property = other.source.property().unwrap_or("");
            findings
                .report(
                    file,
                    other.span,
                    server.path(property),
                    format!(
                        "the {} of `{}` names the {{vm-type}} `{}`, but its {} names `{}`",
                        other.source.label(),
                        server.id.text,
                        other.vm_type,
                        reference.source.label(),
                        reference.vm_type
                    ),
                )
                .also(&file.path, reference.span, "the server's {vm-type}");
        }
        let server_index = from_server_id(&server.id.text).map(|(_, index)| index);
        let ports = server
            .property("networks")
            .and_then(|(_, n)| n.as_seq())
            .unwrap_or(&[]);
        for entry in ports {
            let Some(value) = entry.get("port") else {
                continue;
            };
            let Some(port) = referenced_resource(value) else {
                continue;
            };
            let is_port = server
                .template
                .resource(port)
                .and_then(resource_type)
                .is_some_and(|t| t == NEUTRON_PORT || t == CONTRAIL_VMI);
            let Some((vm_type, index, _)) = split_instance(port).filter(|_| is_port) else {
                continue;
            };
            let wrong_index = server_index.filter(|expected| *expected != index);
            let problem = if vm_type != reference.vm_type {
                format!(
                    "port `{port}` of `{}` names the {{vm-type}} `{vm_type}`, but the server's \
                     {} names `{}`",
                    server.id.text,
                    reference.source.label(),
                    reference.vm_type
                )
            } else if let Some(expected) = wrong_index {
                format!(
                    "port `{port}` of `{}` has the {{vm-type_index}} {index}, but the server's \
                     index is {expected}",
                    server.id.text
                )
            } else {
                continue;
            };
            findings
                .report(file, port_span(value), server.path("networks"), problem)
                .also(&file.path, server.id.span, "the server");
        }
    }
}

/// Where a port reference names the port: the id inside `get_resource`/`get_attr`.
fn port_span(value: &Node) -> crate::foundation::diagnostics::Span {
    let named = value.as_map().and_then(|map| {
        map.get("get_resource")
            .or_else(|| map.get("get_attr").and_then(|a| a.as_seq()?.first()))
    });
    named.map_or(value.span, |node| node.span)
}
