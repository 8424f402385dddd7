//! R-90152: a `resources:` section declares at least one resource.

use crate::check::rules::onap::shared_checks::required_section::{Shortfall, shortfall};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An empty `resources:` section.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-90152",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources",
        summary: "A `resources:` section, where written, declares at least one resource.",
        why: "An empty `resources:` is a leftover or an editing mistake; the module or nested \
              template then deploys nothing although it looks complete.",
        fix: "Declare the resources under `resources:`, or delete the empty section where the \
              template may omit it (base module, nested template).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        if let Some(Shortfall::Empty(key)) = shortfall(template.root, "resources") {
            findings.report(
                template.file,
                key.span,
                "resources",
                "`resources:` declares no resource",
            );
        }
    }
}
