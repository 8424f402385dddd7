//! R-71699: no nested template is fetched over HTTP.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::template::resource_type;

use crate::check::rules::onap::shared_checks::http_type::{HttpType, http_type};

/// A nested template named by a web address.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-71699",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources / type",
        summary: "A resource `type:` naming a nested template (`.yaml`, `.yml`, `.template`) is a \
                  path inside the package, never an `http://` or `https://` address.",
        why: "SDC only knows the files of the uploaded package; a nested template on a web \
              server is neither validated nor distributed, and Heat fetches whatever is there at \
              deployment time.",
        fix: "Download the nested template into the package (next to the module, or in \
              `nested/`) and set `type:` to its relative path, e.g. `type: vfw_server.yaml`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, resource) in template.resources() {
            let Some(kind) = resource_type(resource) else {
                continue;
            };
            if http_type(kind) != Some(HttpType::NestedTemplate) {
                continue;
            }
            let span = resource.get("type").map_or(name.span, |node| node.span);
            findings.report(
                template.file,
                span,
                format!("resources.{}.type", name.text),
                format!(
                    "resource `{}` uses the nested template `{kind}` from a web address",
                    name.text
                ),
            );
        }
    }
}
