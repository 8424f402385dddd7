//! R-67231: environment files carry no `resource_registry:`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A `resource_registry:` in an environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-67231",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Template Format / Environment File Format",
        summary: "No environment file has a `resource_registry:` section.",
        why: "ONAP does not apply the registry: SDC neither models the custom types it maps nor \
              ships the files it names, so the deployed VNF would differ from the one Heat sees \
              with this environment.",
        fix: "Delete `resource_registry:` and name each nested template directly in the \
              resource's `type:` (`type: vfw_server.yaml`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for env in &context.environments {
        if let Some(key) = env.root.key("resource_registry") {
            findings.report(
                env.file,
                key.span,
                "resource_registry",
                "the environment file has a `resource_registry:` section",
            );
        }
    }
}
