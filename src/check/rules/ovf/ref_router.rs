//! OVF-ref/router: every ecs:virtualRouterRef names an ecs:VirtualRouter.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A router interface on a router that is not defined.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/router",
        keyword: Keyword::Must,
        section: "OVF descriptor / ecs:VirtualRouterSection",
        summary: "Every ecs:virtualRouterRef names the ecs:id of a VirtualRouter in a VirtualRouterSection.",
        why: "An interface on an undefined VRF becomes a router interface with no router; the \
              stack fails to create it.",
        fix: "Correct ecs:virtualRouterRef to the ecs:id of an ecs:VirtualRouter, or add that \
              router to the VirtualRouterSection.",
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
        if let Some(router) = &interface.virtual_router_ref
            && !context.router_ids.contains(router.value.as_str())
        {
            findings.report_at(
                context.file,
                router.span,
                "VirtualNetworkRouterInterfaceSection",
                format!(
                    "router interface `{}` belongs to router `{}`, which no VirtualRouter defines",
                    interface.id.value, router.value
                ),
            );
        }
    }
}
