//! OVF-ref/configuration: every ovf:configuration names a deployment option.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An item or property value for an option the DeploymentOptionSection does not offer.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-ref/configuration",
        keyword: Keyword::Must,
        section: "OVF descriptor / DeploymentOptionSection",
        summary: "Every id in an ovf:configuration list names a Configuration of the DeploymentOptionSection.",
        why: "Settings for an option nobody can choose never apply; usually the option was \
              renamed and a size or value silently falls back to the general one.",
        fix: "Correct the id to one of the Configuration ids, or add that Configuration to the \
              DeploymentOptionSection.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    let report =
        |findings: &mut Findings<'_>, owner: &str, id: &crate::model::ovf::Located<String>| {
            if !context.configuration_ids.contains(id.value.as_str()) {
                findings.report_at(
                    context.file,
                    id.span,
                    owner,
                    format!(
                        "ovf:configuration names `{}`, which is no deployment option",
                        id.value
                    ),
                );
            }
        };
    for (owner, section) in super::hardware_sections(context) {
        for item in &section.items {
            for id in item.configurations.iter().flatten() {
                report(findings, &owner, id);
            }
        }
    }
    for (_, _, property) in envelope.properties() {
        for value in &property.option_values {
            for id in &value.configurations {
                report(findings, &property.full_key, id);
            }
        }
    }
}
