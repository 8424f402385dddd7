//! OVF-qualifier: property qualifiers parse and fit the property's type.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::property::qualifier_conflicts;

/// A qualifier that does not parse, does not apply to the type, or contradicts another.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-qualifier",
        keyword: Keyword::Must,
        section: "OVF descriptor / ProductSection",
        summary: "Every qualifier parses (MinLen(n), MaxLen(n), ValueMap{…}, MinValue(x), MaxValue(x), Ip) and fits the property's type.",
        why: "A qualifier that cannot be read constrains nothing, and one that contradicts the \
              type (MinLen on a number, MinValue above MaxValue) admits no valid answer at all.",
        fix: "Write the qualifier as DSP0243 spells it, with bounds of the property's own type, \
              minimums not above maximums.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (_, _, property) in envelope.properties() {
        let Some(text) = &property.qualifiers_text else {
            continue;
        };
        for error in &property.qualifier_errors {
            findings.report_at(
                context.file,
                text.span,
                &property.full_key,
                error.to_string(),
            );
        }
        if let Some(property_type) = property.property_type {
            for problem in qualifier_conflicts(property_type, &property.qualifiers) {
                findings.report_at(
                    context.file,
                    text.span,
                    &property.full_key,
                    format!("property `{}`: {problem}", property.full_key),
                );
            }
        }
    }
}
