//! R-00011: parameters of nested templates should not carry constraints.

use crate::check::rules::onap::shared_checks::server_parameters::declared_constraints;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

/// A constraint on a nested template's parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-00011",
        keyword: Keyword::ShouldNot,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / constraints",
        summary: "Parameters of a nested template have no `constraints:`.",
        why: "A nested template's values come from its parent's resource properties, so the \
              operator never enters them; constraints there only fail the stack late, deep in a \
              nested stack, instead of where the value is supplied.",
        fix: "Move the constraint to the module template's parameter that feeds this value, and \
              delete `constraints:` from the nested template.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        if template.kind != TemplateKind::Nested {
            continue;
        }
        for (name, definition) in template.parameters() {
            let Some(key) = definition.as_map().and_then(declared_constraints) else {
                continue;
            };
            findings.report(
                template.file,
                key.span,
                format!("parameters.{}.constraints", name.text),
                format!(
                    "parameter `{}` of a nested template has constraints",
                    name.text
                ),
            );
        }
    }
}
