//! R-92635/nested-cycle: nested templates do not include themselves.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A chain of nested templates that loops.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/nested-cycle",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "No template uses itself as a resource, directly or through other templates.",
        why: "A loop of nested templates can never be instantiated: Heat recurses until it hits \
              max_nested_stack_depth and fails the whole stack.",
        fix: "Break the loop: the nested template must not use (directly, or through the \
              environment's resource_registry) a type that leads back to a template of the chain.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for problem in context.set.nesting_problems.iter().filter(|p| p.cycle) {
        let edge = &problem.edge;
        findings.report(
            context.set.file(edge.written_in),
            edge.span,
            format!("resources.{}.type", edge.resource),
            format!(
                "resource `{}` closes a loop of nested templates: {}",
                edge.resource,
                problem.chain.join(" → ")
            ),
        );
    }
}
