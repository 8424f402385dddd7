//! R-44001: every parameter declaration has a `description:`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A parameter without a description.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-44001",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / description",
        summary: "Every parameter declaration has a non-empty `description:`.",
        why: "Heat makes the description optional, ONAP does not: SDC shows it to the operator \
              who fills the VF module's inputs, and it is the only hint at what a value means.",
        fix: "Add `description:` saying what the value is and where it comes from, e.g. \
              `description: Neutron network id of the OAM network`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, definition) in template.parameters() {
            let path = format!("parameters.{}", name.text);
            let described = definition
                .as_map()
                .and_then(|map| Some((map.key("description")?, map.get("description")?)));
            match described {
                None => {
                    findings.report(
                        template.file,
                        name.span,
                        path,
                        format!("parameter `{}` has no `description:`", name.text),
                    );
                }
                Some((key, value)) if value.is_blank() => {
                    findings.report(
                        template.file,
                        key.span,
                        format!("{path}.description"),
                        format!("parameter `{}` has an empty `description:`", name.text),
                    );
                }
                Some(_) => {}
            }
        }
    }
}
