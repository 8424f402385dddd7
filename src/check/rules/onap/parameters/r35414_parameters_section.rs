//! R-35414: every template has a `parameters:` section with at least one parameter.

use crate::check::rules::onap::shared_checks::required_section::{Shortfall, shortfall};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A template without parameters.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-35414",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters",
        summary: "Every template, nested ones included, has a `parameters:` section declaring at \
                  least one parameter.",
        why: "ONAP passes each VF module its identity and placement (`vnf_id`, `vf_module_id`, \
              networks, images) through parameters; a template without any cannot receive them.",
        fix: "Add `parameters:` and declare what the template needs from outside (at least \
              `vnf_id` in a module), each with `type:` and `description:`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        match shortfall(template.root, "parameters") {
            Some(Shortfall::Missing) => {
                findings.report_file(
                    template.file,
                    "parameters",
                    "the template has no `parameters:` section",
                );
            }
            Some(Shortfall::Empty(key)) => {
                findings.report(
                    template.file,
                    key.span,
                    "parameters",
                    "`parameters:` declares no parameter",
                );
            }
            None => {}
        }
    }
}
