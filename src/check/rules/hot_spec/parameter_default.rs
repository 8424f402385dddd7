//! R-92635/parameter-default: a parameter's default fits its type and constraints.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A default Heat would reject.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/parameter-default",
        keyword: Keyword::Must,
        section: "HOT specification / parameters section",
        summary: "A parameter's default is a value of its type that meets its constraints \
                  (custom constraints aside).",
        why: "Heat validates defaults with the template: a default outside its own range or \
              pattern makes the template invalid even when the environment supplies a value.",
        fix: "Change the default to a value of the declared type that meets every constraint, \
              or widen the constraint if the default is right.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        let Some(schemas) = context.parameter_schemas(template.id) else {
            continue;
        };
        for (name, definition) in template.parameters() {
            let Some(default) = definition.get("default").filter(|d| !d.is_null()) else {
                continue;
            };
            let Some(Ok(parsed)) = schemas.get(name.text.as_str()) else {
                continue;
            };
            if let Err(error) = parsed.schema.check(&default.value) {
                findings.report(
                    template.file,
                    default.span,
                    format!("parameters.{}.default", name.text),
                    format!(
                        "the default of {} parameter `{}` is invalid: {error}",
                        parsed.schema.kind, name.text
                    ),
                );
            }
        }
    }
}
