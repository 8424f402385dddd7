//! OVF-ref/network: every Connection names a network of the NetworkSection.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A NIC connection or router interface on an undeclared network.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/network",
        keyword: Keyword::Must,
        section: "OVF descriptor / NetworkSection",
        summary: "Every Connection of a network item, and every ecs:networkRef, names a Network of the NetworkSection.",
        why: "DSP0243 requires every network a NIC connects to to be declared; an undeclared \
              network becomes no Neutron network, so the port has nowhere to attach.",
        fix: "Add <Network ovf:name=\"…\"> to the NetworkSection, or correct the Connection to an \
              existing network name.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (owner, section) in super::hardware_sections(context) {
        for item in &section.items {
            for connection in &item.connections {
                if !connection.value.is_empty()
                    && !context.network_names.contains(connection.value.as_str())
                {
                    findings.report_at(
                        context.file,
                        connection.span,
                        &owner,
                        format!("Connection names network `{}`, which the NetworkSection does not declare", connection.value),
                    );
                }
            }
        }
    }
    for interface in envelope
        .router_interfaces
        .iter()
        .flat_map(|s| s.entries.iter())
    {
        if let Some(network) = &interface.network_ref
            && !context.network_names.contains(network.value.as_str())
        {
            findings.report_at(
                context.file,
                network.span,
                "VirtualNetworkRouterInterfaceSection",
                format!(
                    "router interface `{}` attaches to network `{}`, which the NetworkSection does not declare",
                    interface.id.value, network.value
                ),
            );
        }
    }
}
