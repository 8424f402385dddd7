//! R-68023: a server's metadata value of `vf_module_name` is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A metadata `vf_module_name` not read with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-68023",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_name",
        summary: "A server's metadata `vf_module_name`, when present, is read with `get_param`.",
        why: "The metadata `vf_module_name` must hold the name ONAP gives the module instance; a \
              literal or computed value labels the VM with a module that does not exist.",
        fix: "Write `vf_module_name: {get_param: vf_module_name}` under the server's `metadata:` \
              and declare the `vf_module_name` parameter (pass it down to nested templates under \
              the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Metadata("vf_module_name"), false);
}
