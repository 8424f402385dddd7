//! R-22838: the parameter behind a server's `name` is not listed in an environment file (see
//! `server_parameters` for how nested templates are followed).

use crate::check::rules::onap::shared_checks::server_parameters::{self, Listing, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An environment file listing a server name parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-22838",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: Name",
        summary: "The parameter feeding a server's `name` is not listed in the environment file.",
        why: "ONAP assigns VM names at instantiation (from its naming policy or the operator's \
              input); a name in the environment file is either overridden or deployed as a \
              duplicate of another VNF's VM name.",
        fix: "Delete the name parameter (`{vm-type}_names` or `{vm-type}_name_{index}`) from the \
              environment file's `parameters:`; keep it declared in the template without a default.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::in_environment(
        context,
        findings,
        Slot::Property("name"),
        Scope::All,
        Listing::Forbidden,
    );
}
