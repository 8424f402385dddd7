//! R-37437: a server's metadata contains `vnf_id`, and its value is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A server whose metadata lacks `vnf_id` or does not read it with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-37437",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vnf_id",
        summary: "Every server's metadata has `vnf_id`, read with `get_param`.",
        why: "ONAP (A&AI inventory, closed-loop policies) finds the VNF a VM belongs to by its \
              metadata `vnf_id`; without it, or with a value ONAP did not assign, the VM is \
              orphaned in inventory.",
        fix: "Write `vnf_id: {get_param: vnf_id}` under the server's `metadata:` and declare the \
              `vnf_id` parameter (pass it down to nested templates under the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Metadata("vnf_id"), true);
}
