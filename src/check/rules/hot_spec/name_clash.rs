//! R-92635/name-clash: no name is both a parameter and a resource.

use foldhash::HashMap;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A resource named like a parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/name-clash",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A name is used by a parameter or by a resource of a template, not by both.",
        why: "Heat refuses a stack whose parameters and resources share a name (\"Duplicate \
              names\"), since references by name would be ambiguous.",
        fix: "Rename the resource (or the parameter) and update the references to it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        let parameters: HashMap<&str, _> = template
            .parameters()
            .map(|(k, _)| (k.text.as_str(), k.span))
            .collect();
        for (name, _) in template.resources() {
            let Some(&parameter) = parameters.get(name.text.as_str()) else {
                continue;
            };
            findings
                .report(
                    template.file,
                    name.span,
                    format!("resources.{}", name.text),
                    format!("`{}` is both a parameter and a resource", name.text),
                )
                .also(template.path(), parameter, "the parameter of the same name");
        }
    }
}
