//! R-26124: a parameter with a default is also given in the module's environment file.
//!
//! Only module templates are checked: a nested template's parameters are set by the parent
//! resource's properties, never by an environment file. A module without an environment file
//! is left to R-86285. `parameter_defaults:` does not count: SDC reads `parameters:` only.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::span_at_byte;
use crate::model::hot::TemplateKind;

/// A default the environment file does not repeat.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-26124",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / default",
        summary: "A parameter that has a `default:` is also listed under `parameters:` in the \
                  module's environment file.",
        why: "SDC builds the VF module's inputs and their values from the environment file; a \
              value that lives only in the template's default is invisible to ONAP and cannot be \
              changed per deployment.",
        fix: "Add `<name>: <value>` under `parameters:` in the module's `.env` file (and, per \
              R-90526, remove the `default:` from the template).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        if template.kind == TemplateKind::Nested {
            continue;
        }
        let Some(env) = context.environment_of(template.id) else {
            continue;
        };
        let listed = env.root.get("parameters").and_then(|p| p.as_map());
        for (name, definition) in template.parameters() {
            let Some(default) = definition.as_map().and_then(|map| map.key("default")) else {
                continue;
            };
            if listed.is_some_and(|values| values.get(&name.text).is_some()) {
                continue;
            }
            let violation = findings.report(
                template.file,
                default.span,
                format!("parameters.{}.default", name.text),
                format!(
                    "parameter `{}` has a default but `{}` does not list it under `parameters:`",
                    name.text, env.file.path
                ),
            );
            match env.root.key("parameters") {
                Some(section) => {
                    violation.also(&env.file.path, section.span, "the environment's parameters");
                }
                None => {
                    violation.also(
                        &env.file.path,
                        span_at_byte(&env.file.bytes, 0),
                        "the environment file, which has no `parameters:` section",
                    );
                }
            }
        }
    }
}
