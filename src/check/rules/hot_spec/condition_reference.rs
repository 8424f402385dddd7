//! R-92635/condition-reference: condition names used by resources, outputs, `if` and the
//! condition functions are declared under `conditions`.

use foldhash::HashSet;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::functions::{Scope, Standing, standing};
use crate::model::hot::lookalike::Suggestions;

/// A condition name that is not declared.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/condition-reference",
        keyword: Keyword::Must,
        section: "HOT specification / conditions section",
        summary: "Every condition named by `condition:`, `if`, `not`, `and` or `or` is declared \
                  under `conditions:` of the same template.",
        why: "Heat rejects the template with \"Invalid condition\" when a name is not a declared \
              condition; the resource or output it guards is never evaluated.",
        fix: "Declare the condition under `conditions:` or correct the name.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        let Some(version) = template.version().filter(|v| v.has_conditions()) else {
            continue;
        };
        let declared: HashSet<&str> = template
            .conditions()
            .map(|(k, _)| k.text.as_str())
            .collect();
        let mut suggestions = Suggestions::new(declared.iter().copied());
        let mut report = |node: &Node, how: &str, path: String| {
            let Some(name) = node.as_str() else {
                return;
            };
            if declared.contains(name) {
                return;
            }
            let hint = suggestions
                .hint(name)
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default();
            findings.report(
                template.file,
                node.span,
                path,
                format!(
                    "{how} names `{name}`, which is not a condition of {}{hint}",
                    template.path()
                ),
            );
        };
        for section in ["resources", "outputs"] {
            for (name, definition) in template.entries(section) {
                if let Some(condition) = definition.get("condition") {
                    report(
                        condition,
                        "`condition`",
                        format!("{section}.{}.condition", name.text),
                    );
                }
            }
        }
        for call in calls {
            if standing(call, version) != Standing::Valid {
                continue;
            }
            match call.function() {
                "if" => {
                    if let Some(first) = call.args.as_seq().and_then(<[Node]>::first) {
                        report(first, "`if`", call.path.clone());
                    }
                }
                "not" if call.scope == Scope::Condition => {
                    report(call.args, "`not`", call.path.clone());
                }
                name @ ("and" | "or") if call.scope == Scope::Condition => {
                    for item in call.args.as_seq().unwrap_or(&[]) {
                        report(item, &format!("`{name}`"), call.path.clone());
                    }
                }
                _ => {}
            }
        }
    }
}
