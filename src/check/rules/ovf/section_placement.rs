//! OVF-section-placement: each section sits where DSP0243 Table 1 puts it.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::Content;

/// A known section under the wrong parent (a VirtualHardwareSection in a collection, …).
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-section-placement",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Each section appears under the parent DSP0243 Table 1 gives it (DiskSection in the Envelope, VirtualHardwareSection in a VirtualSystem, StartupSection in a collection, …).",
        why: "A section in the wrong place is not applied: a VirtualHardwareSection in a \
              collection sizes nothing, a DiskSection in a system describes no package disk.",
        fix: "Move the section to the parent named in the message.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let sections = context.envelope.iter().flat_map(|e| e.unknown_sections());
    for (content, section) in sections {
        let owner = content.map_or_else(|| "the Envelope".to_owned(), Content::label);
        if let Some(belongs) = section.misplaced {
            findings.report_at(
                context.file,
                section.span,
                &owner,
                format!("{} sits in {owner}; it belongs {belongs}", section.name),
            );
        }
    }
}
