//! OVF-missing-attribute: Every element carries the attributes and children the OVF schema requires.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-missing-attribute",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Every element carries the attributes and children the OVF schema requires (File id and href, Disk diskId and capacity, a format on a disk with content, Network name, Property key and type, Info on every content and section, InstanceID and ResourceType on every item, the value of an ovf:bound range, …).",
        why: "An element without its identifying attribute cannot be referenced or converted; it is skipped.",
        fix: "Add the attribute named in the message.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::Missing);
}
