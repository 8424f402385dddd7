//! R-39067: the server metadata `vf_module_name` reads a parameter named `vf_module_name`, declared
//! `type: string`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A `vf_module_name` metadata parameter with another name or type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-39067",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Metadata \
                  Parameters / Resource: OS::Nova::Server Metadata Parameters / vf_module_name",
        summary: "A server's metadata `vf_module_name` reads a parameter named `vf_module_name`, \
                  declared with `type: string`.",
        why: "ONAP fills the parameter by its exact name `vf_module_name` with the VF module \
              instance name ONAP assigns as a string; under another name it stays empty, and under \
              another type Heat rejects or converts the value.",
        fix: "Declare `vf_module_name: {type: string, description: ...}` in the template and write \
              `vf_module_name: {get_param: vf_module_name}` in the server's metadata (in a nested \
              template too, passing it down under the same name).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::named_as_key(context, findings, Slot::Metadata("vf_module_name"));
    server_parameters::declared_type(
        context,
        findings,
        Slot::Metadata("vf_module_name"),
        Scope::All,
        &["string"],
    );
}
