//! R-92635/condition-function: condition functions only in conditions, and only condition
//! functions there.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::functions::{Standing, standing};

/// A condition function outside conditions, or another function inside them.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/condition-function",
        keyword: Keyword::Must,
        section: "HOT specification / conditions section",
        summary: "equals, not, and, or appear only in conditions, and conditions use only the \
                  condition functions of their version.",
        why: "Outside conditions Heat does not evaluate `equals` and friends (the property gets \
              the raw map); inside conditions any other function (get_resource, str_replace, \
              `if` before 2021-04-16) makes Heat reject the template.",
        fix: "Declare the test under `conditions:` and use its name in `condition:` or `if`; in \
              conditions, compare parameters with get_param, equals, not, and, or (yaql and \
              contains from 2017-09-01, if from 2021-04-16).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        let Some(version) = template.version() else {
            continue;
        };
        if version.has_conditions() {
            for (name, definition) in template.conditions() {
                // Single-key maps are calls (checked below) or misspelt ones (their own rule).
                let single_key = definition.as_map().is_some_and(|m| m.len() == 1);
                if single_key || matches!(definition.value, Value::Bool(_)) {
                    continue;
                }
                findings.report(
                    template.file,
                    definition.span,
                    format!("conditions.{}", name.text),
                    format!(
                        "condition `{}` must be true, false or a condition function such as \
                         `equals: [...]`, not {}",
                        name.text,
                        definition.kind()
                    ),
                );
            }
        }
        for call in calls {
            let name = call.function();
            let message = match standing(call, version) {
                Standing::ConditionOnly => format!(
                    "`{name}` is a condition function; declare the test under `conditions:` and \
                     refer to it by name with `if` or `condition:`"
                ),
                Standing::NotInConditions => {
                    let later = if name == "if" {
                        " (`if` is accepted in conditions from heat_template_version 2021-04-16)"
                    } else {
                        ""
                    };
                    format!(
                        "`{name}` cannot be used in a condition{later}; conditions of {version} \
                         use {}",
                        version.condition_functions().join(", ")
                    )
                }
                _ => continue,
            };
            findings.report(template.file, call.name.span, call.path.clone(), message);
        }
    }
}
