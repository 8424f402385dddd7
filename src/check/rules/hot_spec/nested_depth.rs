//! R-92635/nested-depth: nesting stays within Heat's `max_nested_stack_depth`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A chain of nested templates deeper than Heat allows.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/nested-depth",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "Nested templates go no deeper than Heat's max_nested_stack_depth (5).",
        why: "Heat refuses to create a stack nested deeper than max_nested_stack_depth; the \
              deepest resource fails and with it the whole module.",
        fix: "Flatten the chain: fold an intermediate template into its parent, or use \
              OS::Heat::ResourceGroup in the parent instead of one more nesting level; for a cloud \
              whose max_nested_stack_depth is raised, pass --max-nested-depth.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let limit = context.set.limits.max_nested_depth;
    for problem in context.set.nesting_problems.iter().filter(|p| !p.cycle) {
        let edge = &problem.edge;
        findings.report(
            context.set.file(edge.written_in),
            edge.span,
            format!("resources.{}.type", edge.resource),
            format!(
                "resource `{}` nests templates {} levels deep, more than Heat's \
                 max_nested_stack_depth of {limit}: {}",
                edge.resource,
                problem.chain.len() - 1,
                problem.chain.join(" → ")
            ),
        );
    }
}
