//! R-92635/unknown-section: only the sections of the template's version appear at the top.
//!
//! A set being composed (see `hot::stage`) may also carry the capabilities spec's
//! `capabilities:` annotation; a set that claims to be ready for Heat may not.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::COMPOSITION_TEMPLATE_SECTIONS;
use crate::model::hot::lookalike::closest;
use crate::model::hot::version::Version;

/// A top-level key that is not a section of the template's version.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/unknown-section",
        keyword: Keyword::Must,
        section: "HOT specification / template structure",
        summary: "The top level holds only the sections of the template's version (conditions \
                  only from 2016-10-14).",
        why: "Heat rejects a template with a top-level key it does not know, so a misspelt \
              `resource:` or a CFN-style `Mappings:` stops the deployment.",
        fix: "Correct the section name, move the content into the right section, or raise \
              heat_template_version when the section needs a newer one.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        let Some(version) = template.version() else {
            continue;
        };
        let sections = version.sections();
        for (key, _) in template.root.iter() {
            if sections.contains(&key.text.as_str()) {
                continue;
            }
            let composition = COMPOSITION_TEMPLATE_SECTIONS.contains(&key.text.as_str());
            if composition && context.set.is_composing() {
                continue;
            }
            let message = if composition {
                format!(
                    "`{}` is a composition annotation (capabilities spec) that Heat refuses;                      resolve the composition (`vnfwiz onboard`) so the written template has none",
                    key.text
                )
            } else if Version::LATEST.sections().contains(&key.text.as_str()) {
                format!(
                    "`{}` needs heat_template_version 2016-10-14 or later; this template is {version}",
                    key.text
                )
            } else {
                let hint = closest(&key.text, sections.iter().copied())
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                format!(
                    "`{}` is not a section of a HOT template; {hint}sections are {}",
                    key.text,
                    sections.join(", ")
                )
            };
            findings.report(template.file, key.span, key.text.clone(), message);
        }
    }
}
