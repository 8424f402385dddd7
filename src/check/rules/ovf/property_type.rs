//! OVF-property-type: every property has a type DSP0243 defines.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A property whose ovf:type names no known type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-property-type",
        keyword: Keyword::Must,
        section: "OVF descriptor / ProductSection",
        summary: "Every Property ovf:type is string, boolean, uint8…uint64, sint8…sint64, real32 or real64 (VMware's int and real are read as sint32 and real64).",
        why: "The type decides which answers are valid and how the value reaches the guest; with \
              an unknown type nothing can be checked.",
        fix: "Set ovf:type to one of the DSP0243 types, for example string or uint16.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (_, _, property) in envelope.properties() {
        if let Some(type_name) = &property.type_name
            && property.property_type.is_none()
        {
            findings.report_at(
                context.file,
                type_name.span,
                &property.full_key,
                format!(
                    "property `{}` has type `{}`, which is no OVF type",
                    property.full_key, type_name.value
                ),
            );
        }
    }
}
