//! R-681859: a port's resource id and its network, fixed IP, subnet and allowed address pair
//! parameter names carry the same `{network-role}`.
//!
//! The reference role is the network parameter's (`{network-role}_net_id`, …) or, for a network
//! resource of the template, the resource's (`int_{network-role}_network`); without either, the
//! resource id's. Each other name is read with its convention for the port's side
//! (R-20453/R-26351 for the id, the fixed IP, subnet and VIP conventions for parameters); a
//! name that follows no convention is the naming rules' finding, and exempt address pairs
//! (`aap_exempt`) have no convention. A name whose vm-type cannot be told apart is compared by
//! its ending (`…_oam` for role `oam`).

use crate::check::rules::onap::vocabulary::network_role::{
    Convention, FLOATING_IP, FLOATING_IPS, FLOATING_V6_IP, FLOATING_V6_IPS, IP, IPS, SUBNET_ID,
    V6_IP, V6_IPS, V6_SUBNET_ID, port_id_role,
};
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use foldhash::HashSet;

/// A port name that carries another network-role than the port's network.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-681859",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Introduction / Items to Note",
        summary: "An `OS::Neutron::Port`'s resource id and its `network`, `fixed_ips` and \
                  `allowed_address_pairs` parameter names all carry the same `{network-role}`.",
        why: "ONAP reads a port's network role from each of its names; a name with another role \
              ties an address, subnet or VIP to the wrong network in the model.",
        fix: "Rename the name that differs so that it carries the network-role of the network \
              the port attaches to.",
    },
    check: Check::Hot(check),
};

/// The conventions a parameter property's names follow, for reading their network-role.
fn conventions(property: Property) -> &'static [Convention] {
    match property {
        Property::FixedIp => &[IP, V6_IP, IPS, V6_IPS],
        Property::FixedSubnet => &[SUBNET_ID, V6_SUBNET_ID],
        Property::AddressPair => &[FLOATING_IP, FLOATING_V6_IP, FLOATING_IPS, FLOATING_V6_IPS],
        _ => &[],
    }
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for port in context.ports().of_kind(PortKind::Neutron) {
        let (Some(side), Some(network)) = (port.side(), port.network.as_ref()) else {
            continue;
        };
        let id = &port.id.text;
        let id_role = port_id_role(id, side, &port.vm_types);
        // The network's role is the reference; without one, the resource id's.
        let (reference, reference_span, reference_text) = match (port.role(), id_role) {
            (Some(role), _) => (role, network.node.span, "the port's network"),
            (None, Some(role)) => (role, port.id.span, "the port's resource id"),
            (None, None) => continue,
        };
        if let (Some(_), Some(own)) = (port.role(), id_role)
            && own != reference
        {
            findings
                .report(
                    port.template.file,
                    port.id.span,
                    format!("resources.{id}"),
                    format!(
                        "resource id `{id}` carries the network-role `{own}`, but the port's \
                         network has `{reference}`"
                    ),
                )
                .also(port.template.path(), reference_span, reference_text);
        }
        let exempt: HashSet<&str> = port.exempt_addresses().collect();
        for read in &port.reads {
            let parameter = read.parameter();
            if read.property == Property::AddressPair && exempt.contains(parameter) {
                continue;
            }
            let Some(name) = conventions(read.property)
                .iter()
                .find_map(|c| c.parse(parameter, side, &port.vm_types))
            else {
                continue;
            };
            if name.has_role(reference) {
                continue;
            }
            let carries = match name.role {
                Some(own) => format!("carries the network-role `{own}`"),
                None => format!("does not end in the network-role `{reference}`"),
            };
            findings
                .report(
                    port.template.file,
                    read.at.span,
                    read.path.clone(),
                    format!(
                        "`{parameter}`, read by `{id}`, {carries}; {reference_text} has \
                         `{reference}`"
                    ),
                )
                .also(port.template.path(), reference_span, reference_text);
        }
    }
}
