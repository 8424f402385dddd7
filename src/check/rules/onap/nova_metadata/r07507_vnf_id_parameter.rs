//! R-07507: the server metadata `vnf_id` reads a parameter named `vnf_id`, declared `type: string`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A `vnf_id` metadata parameter with another name or type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-07507",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vnf_id",
        summary: "A server's metadata `vnf_id` reads a parameter named `vnf_id`, declared with \
                  `type: string`.",
        why: "ONAP fills the parameter by its exact name `vnf_id` with the VNF instance id ONAP \
              assigns as a string; under another name it stays empty, and under another type Heat \
              rejects or converts the value.",
        fix: "Declare `vnf_id: {type: string, description: ...}` in the template and write `vnf_id: \
              {get_param: vnf_id}` in the server's metadata (in a nested template too, passing it \
              down under the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::named_as_key(context, findings, Slot::Metadata("vnf_id"));
    server_parameters::declared_type(
        context,
        findings,
        Slot::Metadata("vnf_id"),
        Scope::All,
        &["string"],
    );
}
