//! R-71493: a server's metadata contains `vf_module_id`, and its value is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A server whose metadata lacks `vf_module_id` or does not read it with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-71493",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_id",
        summary: "Every server's metadata has `vf_module_id`, read with `get_param`.",
        why: "ONAP finds the VF module a VM belongs to by its metadata `vf_module_id`; without it, \
              or with a value ONAP did not assign, scaling and deleting the module lose track of \
              the VM.",
        fix: "Write `vf_module_id: {get_param: vf_module_id}` under the server's `metadata:` and \
              declare the `vf_module_id` parameter (pass it down to nested templates under the same \
              name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Metadata("vf_module_id"), true);
}
