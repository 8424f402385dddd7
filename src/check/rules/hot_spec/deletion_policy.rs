//! R-92635/deletion-policy: `deletion_policy` is one of the policies of the version.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::arguments::is_call;

/// A `deletion_policy` Heat does not accept.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/deletion-policy",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "A resource's deletion_policy is Delete, Retain or Snapshot (lower case also \
                  from 2016-10-14).",
        why: "Heat rejects an unknown deletion policy when it validates the stack; a misspelt \
              `Retian` on a volume fails the deployment rather than protecting the data.",
        fix: "Write one of Delete, Retain or Snapshot exactly (delete, retain and snapshot are \
              accepted from heat_template_version 2016-10-14).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        let Some(version) = template.version() else {
            continue;
        };
        let allowed = version.deletion_policies();
        for (name, definition) in template.resources() {
            let Some(policy) = definition.get("deletion_policy") else {
                continue;
            };
            if is_call(policy) {
                continue;
            }
            let path = format!("resources.{}.deletion_policy", name.text);
            let message = match policy.as_str() {
                Some(text) if allowed.contains(&text) => continue,
                Some(text)
                    if crate::model::hot::Version::LATEST
                        .deletion_policies()
                        .contains(&text) =>
                {
                    format!(
                        "`{text}` needs heat_template_version 2016-10-14 or later (this template \
                         is {version}); write `{}`",
                        capitalised(text)
                    )
                }
                Some(text) => format!(
                    "`{text}` is not a deletion policy; use {}",
                    allowed.join(", ")
                ),
                None => format!(
                    "`deletion_policy` must be one of {}, not {}",
                    allowed.join(", "),
                    policy.kind()
                ),
            };
            findings.report(template.file, policy.span, path, message);
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
