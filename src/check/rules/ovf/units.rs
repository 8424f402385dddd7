//! OVF-units: Every allocation unit parses by DSP0004's programmatic-unit grammar.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-units",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "Every allocation unit parses by DSP0004's programmatic-unit grammar.",
        why: "A unit that cannot be read leaves memory, CPU or disk size unknown, so the flavor cannot be sized.",
        fix: "Write the unit as `byte * 2^20` (MiB), `byte * 2^30` (GiB), `byte` or `hertz * 10^6`.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::BadUnits);
}
