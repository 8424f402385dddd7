//! R-39402: every template carries a `description:`.

use crate::check::rules::onap::shared_checks::required_section::{Shortfall, shortfall};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A template without a description.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-39402",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / description",
        summary: "Every template, nested ones included, has a non-empty top-level `description:`.",
        why: "SDC shows the description to the designers who assemble services from VF modules; \
              an undescribed template is a module nobody can choose knowingly.",
        fix: "Add a top-level `description:` saying what the template deploys, e.g. \
              `description: Base module of the vFW VNF (firewall VM and its ports)`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        match shortfall(template.root, "description") {
            Some(Shortfall::Missing) => {
                findings.report_file(
                    template.file,
                    "description",
                    "the template has no top-level `description:`",
                );
            }
            // An empty description is treated as none: it tells the designer nothing.
            Some(Shortfall::Empty(key)) => {
                findings.report(
                    template.file,
                    key.span,
                    "description",
                    "the template's `description:` is empty",
                );
            }
            None => {}
        }
    }
}
