//! R-75141: resource ids use only ASCII letters, digits and `_`.

use crate::check::rules::onap::vocabulary::is_plain_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A resource id with other characters.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-75141",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources / resource ID",
        summary: "Resource ids contain only letters, digits and underscores.",
        why: "SDC turns resource ids into TOSCA node names and ONAP builds further names from \
              them; dashes, dots or spaces break those names.",
        fix: "Rename the resource with letters, digits and `_` only (`vfw-server-0` → \
              `vfw_server_0`), and update every `get_resource`, `get_attr` and `depends_on` \
              naming it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, _) in template.resources() {
            if !is_plain_name(&name.text) {
                findings.report(
                    template.file,
                    name.span,
                    format!("resources.{}", name.text),
                    format!(
                        "resource id `{}` has characters other than letters, digits and `_`",
                        name.text
                    ),
                );
            }
        }
    }
}
