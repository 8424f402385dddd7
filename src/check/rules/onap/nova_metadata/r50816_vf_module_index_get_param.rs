//! R-50816: a server's metadata value of `vf_module_index` is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A metadata `vf_module_index` not read with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-50816",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_index",
        summary: "A server's metadata `vf_module_index`, when present, is read with `get_param`.",
        why: "The metadata `vf_module_index` must hold the instance number ONAP gives the module; a \
              literal or computed value gives every instance the same or a wrong number.",
        fix: "Write `vf_module_index: {get_param: vf_module_index}` under the server's `metadata:` \
              and declare the `vf_module_index` parameter (pass it down to nested templates under \
              the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Metadata("vf_module_index"), false);
}
