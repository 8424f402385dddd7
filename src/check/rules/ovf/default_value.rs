//! OVF-property-default: a property's defaults satisfy its own type and qualifiers.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A default (ovf:value or a per-option Value) the property itself would refuse.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-property-default",
        keyword: Keyword::Must,
        section: "OVF descriptor / ProductSection",
        summary: "Every non-empty default of a property (ovf:value and each per-option Value) is valid for its type and qualifiers.",
        why: "A default the property refuses is deployed as is when the operator keeps it, or \
              blocks a headless onboarding that relies on defaults.",
        fix: "Change the default to a valid value, or correct the type or qualifier it \
              contradicts. An empty default means 'no default' and is not checked.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (_, _, property) in envelope.properties() {
        // An unknown type is reported by OVF-property-type; checking as string would mislead.
        if property.property_type.is_none() {
            continue;
        }
        let defaults = property
            .value
            .iter()
            .chain(property.option_values.iter().map(|v| &v.value));
        for default in defaults {
            if default.value.is_empty() {
                continue;
            }
            if let Err(error) = property.check_value(&default.value) {
                findings.report_at(
                    context.file,
                    default.span,
                    &property.full_key,
                    format!("default of `{}`: {error}", property.full_key),
                );
            }
        }
    }
}
