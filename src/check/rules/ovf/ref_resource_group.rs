//! OVF-ref/resource-group: every ecs:resourceGroupRef names an ecs:ResourceGroup.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A virtual system placed in a resource group that is not defined.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/resource-group",
        keyword: Keyword::Must,
        section: "OVF descriptor / ecs:ResourceGroupSection",
        summary: "Every ecs:resourceGroupRef names the ecs:id of a ResourceGroup in a ResourceGroupSection.",
        why: "The resource group gives the server its availability zone; an undefined group \
              leaves the zone unset and the server lands anywhere.",
        fix: "Correct ecs:resourceGroupRef to the ecs:id of an ecs:ResourceGroup, or add that \
              group to the ResourceGroupSection.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for content in &envelope.contents {
        if let Some(group) = &content.resource_group_ref
            && !context.resource_group_ids.contains(group.value.as_str())
        {
            findings.report_at(
                context.file,
                group.span,
                content.label(),
                format!(
                    "{} is placed in resource group `{}`, which is not defined",
                    content.label(),
                    group.value
                ),
            );
        }
    }
}
