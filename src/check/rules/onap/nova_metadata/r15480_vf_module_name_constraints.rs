//! R-15480: the parameter behind the server metadata `vf_module_name` has no `constraints`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A constrained `vf_module_name` parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-15480",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_name",
        summary: "The parameter feeding a server's metadata `vf_module_name` declares no \
                  `constraints`.",
        why: "The value of `vf_module_name` comes from ONAP (or the operator's own naming), not \
              from the VNF vendor; a constraint the vendor guessed can reject a legitimate value \
              and make the stack fail to instantiate.",
        fix: "Remove the `constraints:` block from the `vf_module_name` parameter declaration.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::no_constraints(context, findings, Slot::Metadata("vf_module_name"));
}
