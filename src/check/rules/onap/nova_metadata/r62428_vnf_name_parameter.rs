//! R-62428: the server metadata `vnf_name` reads a parameter named `vnf_name`, declared `type:
//! string`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A `vnf_name` metadata parameter with another name or type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-62428",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vnf_name",
        summary: "A server's metadata `vnf_name` reads a parameter named `vnf_name`, declared with \
                  `type: string`.",
        why: "ONAP fills the parameter by its exact name `vnf_name` with the VNF instance name ONAP \
              assigns as a string; under another name it stays empty, and under another type Heat \
              rejects or converts the value.",
        fix: "Declare `vnf_name: {type: string, description: ...}` in the template and write \
              `vnf_name: {get_param: vnf_name}` in the server's metadata (in a nested template too, \
              passing it down under the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::named_as_key(context, findings, Slot::Metadata("vnf_name"));
    server_parameters::declared_type(
        context,
        findings,
        Slot::Metadata("vnf_name"),
        Scope::All,
        &["string"],
    );
}
