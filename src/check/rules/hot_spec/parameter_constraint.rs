//! R-92635/parameter-constraint: constraints are well formed and apply to the parameter's
//! type and version.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A constraint Heat would reject.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/parameter-constraint",
        keyword: Keyword::Must,
        section: "HOT specification / parameter constraints",
        summary: "Each constraint is one well-formed length, range, modulo, allowed_values, \
                  allowed_pattern or custom_constraint that applies to the parameter's type.",
        why: "Heat rejects the template when a constraint is malformed (a range without bounds, \
              a pattern that does not compile) or used on the wrong type (length on a number), \
              and silently ignores a second constraint written in the same list item.",
        fix: "Write one constraint per `-` item: length for string/comma_delimited_list/json, \
              range and modulo (2017-02-24+) for numbers, allowed_pattern for strings, \
              allowed_values as a list of values of the parameter's type.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        let Some(schemas) = context.parameter_schemas(template.id) else {
            continue;
        };
        for (name, _) in template.parameters() {
            let Some(Ok(parsed)) = schemas.get(name.text.as_str()) else {
                continue;
            };
            for problem in &parsed.problems {
                findings.report(
                    template.file,
                    problem.span,
                    format!("parameters.{}.{}", name.text, problem.path),
                    format!("parameter `{}`: {}", name.text, problem.message),
                );
            }
        }
    }
}
