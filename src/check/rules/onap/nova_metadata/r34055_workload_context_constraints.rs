//! R-34055: the parameter behind the server metadata `workload_context` has no `constraints`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A constrained `workload_context` parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-34055",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / workload_context",
        summary: "The parameter feeding a server's metadata `workload_context` declares no \
                  `constraints`.",
        why: "The value of `workload_context` comes from ONAP (or the operator's own naming), not \
              from the VNF vendor; a constraint the vendor guessed can reject a legitimate value \
              and make the stack fail to instantiate.",
        fix: "Remove the `constraints:` block from the `workload_context` parameter declaration.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::no_constraints(context, findings, Slot::Metadata("workload_context"));
}
