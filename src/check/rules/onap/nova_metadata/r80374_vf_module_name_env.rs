//! R-80374: the parameter behind the server metadata `vf_module_name` is not listed in an
//! environment file (see `server_parameters` for how nested templates are followed).

use crate::check::rules::onap::shared_checks::server_parameters::{self, Listing, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An environment file listing the `vf_module_name` parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-80374",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_name",
        summary: "The parameter feeding a server's metadata `vf_module_name` is not listed in the \
                  environment file.",
        why: "ONAP supplies the VF module instance name ONAP assigns when it creates the stack; a \
              value in the environment file is either overridden or, worse, deployed instead of the \
              real one, so inventory and closed-loop control see the wrong vf_module_name.",
        fix: "Delete the `vf_module_name` line from the environment file's `parameters:`; keep the \
              parameter declared in the template, without a default.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::in_environment(
        context,
        findings,
        Slot::Metadata("vf_module_name"),
        Scope::All,
        Listing::Forbidden,
    );
}
