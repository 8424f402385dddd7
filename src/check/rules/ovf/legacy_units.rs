//! OVF-legacy-units: Allocation units use DSP0004's programmatic grammar, not pre-standard names such as MegaBytes.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-legacy-units",
        keyword: Keyword::Should,
        section: "OVF descriptor",
        summary: "Allocation units use DSP0004's programmatic grammar, not pre-standard names such as MegaBytes.",
        why: "Pre-standard names are read by convention only; DSP0243 defines units by DSP0004, and other tools may reject or misread them.",
        fix: "Write `byte * 2^10`, `byte * 2^20`, `byte * 2^30` or `hertz * 10^6` instead of KiloBytes, MegaBytes, GigaBytes or MegaHertz.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::report_notices(context, findings, NoticeKind::LegacyUnits);
}
