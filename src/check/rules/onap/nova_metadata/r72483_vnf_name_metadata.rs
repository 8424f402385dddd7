//! R-72483: a server's metadata contains `vnf_name`, and its value is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A server whose metadata lacks `vnf_name` or does not read it with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-72483",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vnf_name",
        summary: "Every server's metadata has `vnf_name`, read with `get_param`.",
        why: "Operators and ONAP tools identify the VNF a VM belongs to by its metadata `vnf_name`; \
              without it, or with a value ONAP did not assign, the VM cannot be traced to its VNF \
              by name.",
        fix: "Write `vnf_name: {get_param: vnf_name}` under the server's `metadata:` and declare \
              the `vnf_name` parameter (pass it down to nested templates under the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Metadata("vnf_name"), true);
}
