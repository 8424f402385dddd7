//! OVF-ref/placement-group: every PlacementSection names a PlacementGroupSection.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A placement membership in a group that is not defined.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/placement-group",
        keyword: Keyword::Must,
        section: "OVF descriptor / PlacementGroupSection",
        summary: "Every PlacementSection ovf:group names the ovf:id of a PlacementGroupSection.",
        why: "A member of an undefined group gets no server group, so the affinity or \
              anti-affinity the vendor asked for is silently lost.",
        fix: "Correct ovf:group to the id of a PlacementGroupSection, or add that section to the \
              Envelope.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for content in &envelope.contents {
        for placement in &content.placements {
            if !context
                .placement_group_ids
                .contains(placement.group.value.as_str())
            {
                findings.report_at(
                    context.file,
                    placement.group.span,
                    content.label(),
                    format!(
                        "{} joins placement group `{}`, which no PlacementGroupSection defines",
                        content.label(),
                        placement.group.value
                    ),
                );
            }
        }
    }
}
