//! R-36772: every parameter declares `type:`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A parameter without a type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-36772",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / type",
        summary: "Every parameter declaration has a `type:` attribute.",
        why: "Heat refuses a parameter without a type, and SDC types the VF module's inputs from \
              it.",
        fix: "Add `type:` to the parameter: `string`, `number`, `json`, `comma_delimited_list` \
              or `boolean`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, definition) in template.parameters() {
            // A definition that is not a map (`image: string`) has no attributes at all.
            if definition
                .as_map()
                .is_none_or(|map| map.key("type").is_none())
            {
                // A shorthand's value is where HOT's parameter-definition check points too,
                // so the two twins' findings are one (`rules::twins`).
                let at = if definition.as_map().is_none() && !definition.is_null() {
                    definition.span
                } else {
                    name.span
                };
                findings.report(
                    template.file,
                    at,
                    format!("parameters.{}", name.text),
                    format!("parameter `{}` has no `type:`", name.text),
                );
            }
        }
    }
}
