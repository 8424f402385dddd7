//! R-92635/env-value: environment values fit the type and constraints of their parameter.

use foldhash::HashMap;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::{Node, Value};

/// An environment value Heat would reject for its parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/env-value",
        keyword: Keyword::Must,
        section: "HOT specification / environment",
        summary: "Values in a module's environment (parameters and parameter_defaults) are of \
                  the parameter's type and meet its constraints.",
        why: "Heat validates every value against the template's parameter schema before it \
              creates anything; one out-of-range port or unmatched pattern fails the whole \
              module instantiation.",
        fix: "Give a value of the declared type that meets the constraints shown, or correct \
              the constraint in the template if the value is right.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for module in &context.set.modules {
        let Some(template) = context.set.template(module.template).filter(|t| t.is_hot()) else {
            continue;
        };
        let Some(env) = context.environment_of(module.template) else {
            continue;
        };
        let Some(schemas) = context.parameter_schemas(template.id) else {
            continue;
        };
        let declared: HashMap<&str, &Node> = template
            .parameters()
            .map(|(k, definition)| (k.text.as_str(), definition))
            .collect();
        for (section, entries) in [
            ("parameters", env.parameters().collect::<Vec<_>>()),
            ("parameter_defaults", env.parameter_defaults().collect()),
        ] {
            for (name, value) in entries {
                if value.is_null() {
                    continue;
                }
                // Names unknown to the module are env-parameter's (or a nested template's).
                let Some(definition) = declared.get(name.text.as_str()) else {
                    continue;
                };
                let Some(Ok(parsed)) = schemas.get(name.text.as_str()) else {
                    continue;
                };
                let Err(error) = parsed.schema.check(&value.value) else {
                    continue;
                };
                // Heat hides on any truthy `hidden`; never echo such a value.
                let hidden = definition
                    .get("hidden")
                    .is_some_and(|h| !matches!(h.value, Value::Bool(false) | Value::Null));
                let problem = if hidden {
                    error.redacted()
                } else {
                    error.to_string()
                };
                let key_span = template
                    .root
                    .get("parameters")
                    .and_then(|p| p.as_map())
                    .and_then(|p| p.key(&name.text))
                    .map(|k| k.span);
                let violation = findings.report(
                    env.file,
                    value.span,
                    format!("{section}.{}", name.text),
                    format!(
                        "the value of {} parameter `{}` does not fit: {problem}",
                        parsed.schema.kind, name.text
                    ),
                );
                if let Some(span) = key_span {
                    violation.also(template.path(), span, "the parameter's declaration");
                }
            }
        }
    }
}
