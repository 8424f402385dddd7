//! OVF-ref/startup: StartupSection items and ScaleOutSections name direct members.

use foldhash::HashSet;

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A startup item or scale-out prototype that is not a member of its collection.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/startup",
        keyword: Keyword::Must,
        section: "OVF descriptor / StartupSection",
        summary: "Every StartupSection Item ovf:id and ScaleOutSection ovf:id names a direct member of its collection.",
        why: "A start order or scale-out count for a system that is not in the collection is \
              dropped, so systems boot in the wrong order or with the wrong count.",
        fix: "Correct the ovf:id to the id of a VirtualSystem or VirtualSystemCollection directly \
              inside this collection.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for content in &envelope.contents {
        let members: HashSet<&str> = content
            .children
            .iter()
            .filter_map(|&i| envelope.contents.get(i))
            .map(|c| c.id.value.as_str())
            .collect();
        let startup = content
            .startup
            .iter()
            .flat_map(|s| s.items.iter())
            .map(|i| ("StartupSection", &i.id));
        let scale_out = content.scale_out.iter().map(|s| ("ScaleOutSection", &s.id));
        for (section, id) in startup.chain(scale_out) {
            if !members.contains(id.value.as_str()) {
                findings.report_at(
                    context.file,
                    id.span,
                    format!("{}/{section}", content.label()),
                    format!(
                        "{section} names `{}`, which is not a member of {}",
                        id.value,
                        content.label()
                    ),
                );
            }
        }
    }
}
