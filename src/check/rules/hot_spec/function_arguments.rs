//! R-92635/function-arguments: function arguments have the shape Heat expects.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::arguments;
use crate::model::hot::functions::{Standing, standing};

/// A function called with arguments of the wrong shape.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/function-arguments",
        keyword: Keyword::Must,
        section: "HOT specification / intrinsic functions",
        summary: "Each intrinsic function gets the arguments its version defines (a list of two \
                  for equals, template and params for str_replace, and so on).",
        why: "Heat checks function arguments when it parses or resolves the template; a wrong \
              shape fails the stack at validation or, worse, halfway through creation.",
        fix: "Rewrite the call in the form the HOT specification gives for the function; \
              arguments computed by another function are fine wherever Heat resolves them first.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        let Some(version) = template.version() else {
            continue;
        };
        for call in calls {
            if standing(call, version) != Standing::Valid {
                continue;
            }
            for problem in arguments::check(call.function(), call.name.span, call.args, version) {
                findings.report(
                    template.file,
                    problem.span,
                    call.path.clone(),
                    problem.message,
                );
            }
        }
    }
}
