//! R-53952: no resource type is an HTTP address. A nested template named by one breaks
//! R-71699 too: its twin, and the two make one finding (`rules::twins`).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::template::resource_type;

use crate::check::rules::onap::shared_checks::http_type::http_type;

/// A resource whose type is fetched over HTTP.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-53952",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources / type",
        summary: "A resource `type:` is never an `http://` or `https://` address.",
        why: "ONAP onboards a self-contained package: SDC cannot fetch, version or check a \
              definition that lives on a web server, and the deployed VNF would change whenever \
              that server does.",
        fix: "Use an OpenStack resource type (`OS::…`), or put the definition in the package as \
              a nested template and name it by its relative path.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, resource) in template.resources() {
            let Some(kind) = resource_type(resource) else {
                continue;
            };
            if http_type(kind).is_none() {
                continue;
            }
            let span = resource.get("type").map_or(name.span, |node| node.span);
            findings.report(
                template.file,
                span,
                format!("resources.{}.type", name.text),
                format!(
                    "resource `{}` takes its type from the web address `{kind}`",
                    name.text
                ),
            );
        }
    }
}
