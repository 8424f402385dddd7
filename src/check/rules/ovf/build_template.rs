//! OVF-build-template: the descriptor is a finished one, not a build template with placeholders.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-build-template",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Sizes, capacities and counts hold values, not a build tool's placeholders (@@VMDK_FILE_SIZE@@, +SIZE+, DISK_CAPACITY).",
        why: "Image build pipelines ship the template they fill in; a placeholder where a number belongs means the descriptor was never filled, so no size, capacity or count can be read from it.",
        fix: "Onboard the descriptor the build produced (the one shipped beside the disk images), or replace each placeholder with its value.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::BuildTemplate);
}
