//! OVF-xml-limit: the descriptor stays within the configured XML bounds.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A descriptor nested deeper, or with more elements, than the limits allow.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-xml-limit",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "The descriptor nests at most --max-xml-depth levels and has at most --max-xml-elements elements.",
        why: "Bounds keep a hostile descriptor from exhausting memory; no real descriptor comes \
              near them, so crossing one usually means a generated or malicious file.",
        fix: "Remove the runaway nesting or repetition; if the descriptor is genuine, raise the \
              limit with --max-xml-depth or --max-xml-elements.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    if let Err(error) = &context.package.descriptor.envelope
        && error.is_limit()
    {
        findings.report_at(context.file, error.span(), "", error.to_string());
    }
}
