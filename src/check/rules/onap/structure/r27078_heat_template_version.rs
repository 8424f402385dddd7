//! R-27078: every template carries `heat_template_version:`.

use crate::check::rules::onap::shared_checks::required_section::{Shortfall, shortfall};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A template without `heat_template_version`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-27078",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / heat_template_version",
        summary: "Every template, nested ones included, starts with a `heat_template_version:`.",
        why: "The version tells Heat which sections and functions the template may use; without \
              it the file is not read as HOT at all, and SDC refuses it on upload.",
        fix: "Add `heat_template_version:` as the first line with a release date the target \
              OpenStack supports, e.g. `heat_template_version: 2017-09-01`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        match shortfall(template.root, "heat_template_version") {
            Some(Shortfall::Missing) => {
                findings.report_file(
                    template.file,
                    "heat_template_version",
                    "the template has no `heat_template_version:`",
                );
            }
            Some(Shortfall::Empty(key)) => {
                findings.report(
                    template.file,
                    key.span,
                    "heat_template_version",
                    "`heat_template_version:` is empty; it needs a release date",
                );
            }
            None => {}
        }
    }
}
