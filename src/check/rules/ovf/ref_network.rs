//! OVF-ref/network: every `ecs:networkRef` of a router interface names a network of the
//! NetworkSection (an adapter's Connection to an undeclared network is VMware's dialect:
//! `OVF-dialect/undeclared-network`).

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A router interface on an undeclared network.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/network",
        keyword: Keyword::Must,
        section: "OVF descriptor / NetworkSection",
        summary: "Every ecs:networkRef of a router interface names a Network of the NetworkSection.",
        why: "A router interface attaches to the subnet of a network the stack creates; an \
              undeclared network has no subnet, so the interface has nothing to attach to.",
        fix: "Add <Network ovf:name=\"…\"> to the NetworkSection, or correct ecs:networkRef to an \
              existing network name.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
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
