//! R-25877: parameter names use only ASCII letters, digits and `_`.

use crate::check::rules::onap::vocabulary::is_plain_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A parameter name with other characters.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-25877",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / <param name>",
        summary: "Parameter names contain only letters, digits and underscores.",
        why: "ONAP derives its own names (SDC inputs, A&AI and SDNC preload keys) from parameter \
              names, and those allow no dashes, dots or spaces.",
        fix: "Rename the parameter with letters, digits and `_` only (`oam-net-id` → \
              `oam_net_id`), in its declaration, every `get_param` and the environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, _) in template.parameters() {
            if !is_plain_name(&name.text) {
                findings.report(
                    template.file,
                    name.span,
                    format!("parameters.{}", name.text),
                    format!(
                        "parameter name `{}` has characters other than letters, digits and `_`",
                        name.text
                    ),
                );
            }
        }
    }
}
