//! OVF-placeholder-default: a property's default is a value, not a placeholder for one.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::foundation::placeholder::placeholder;

/// A default (ovf:value or a per-option Value) that reads as a placeholder.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-placeholder-default",
        keyword: Keyword::ShouldNot,
        section: "OVF descriptor / ProductSection",
        summary: "A property's default is not a placeholder (`PUT THE VM IMAGE NAME HERE`, `CHANGEME`, `<image>`, `TBD`, blanks or quotes).",
        why: "A placeholder passes every type check, so a default such as `CHANGEME` goes into \
              the environment file and the guest's OVF environment as it is, and the stack \
              deploys with it; only an answer makes it a value.",
        fix: "Answer the property (the wizard's Properties step, `--set KEY=VALUE` or \
              `properties:` in the answers file), or have the vendor ship an empty default, \
              which leaves the value for instantiation.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (_, _, property) in envelope.properties() {
        let defaults = property
            .value
            .iter()
            .chain(property.option_values.iter().map(|v| &v.value));
        for default in defaults {
            if let Some(why) = placeholder(&default.value) {
                findings.report_at(
                    context.file,
                    default.span,
                    &property.full_key,
                    format!(
                        "default `{}` of `{}` reads as a placeholder, not a value ({why}); it would be deployed as it is unless answered",
                        default.value, property.full_key
                    ),
                );
            }
        }
    }
}
