//! R-20308: the server metadata `environment_context` reads a parameter named
//! `environment_context`, declared `type: string`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A `environment_context` metadata parameter with another name or type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-20308",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / \
                  environment_context",
        summary: "A server's metadata `environment_context` reads a parameter named \
                  `environment_context`, declared with `type: string`.",
        why: "ONAP fills the parameter by its exact name `environment_context` with the environment \
              context ONAP supplies as a string; under another name it stays empty, and under \
              another type Heat rejects or converts the value.",
        fix: "Declare `environment_context: {type: string, description: ...}` in the template and \
              write `environment_context: {get_param: environment_context}` in the server's \
              metadata (in a nested template too, passing it down under the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::named_as_key(context, findings, Slot::Metadata("environment_context"));
    server_parameters::declared_type(
        context,
        findings,
        Slot::Metadata("environment_context"),
        Scope::All,
        &["string"],
    );
}
