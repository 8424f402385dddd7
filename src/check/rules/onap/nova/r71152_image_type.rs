//! R-71152: the parameter a server reads for `image` is declared `type: string`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An image parameter of another type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-71152",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: image",
        summary: "A server's `image` parameter is declared `type: string`.",
        why: "An image is named by text; SDC and ONAP pass the value as a string, and a parameter \
              of another type is rejected or converted by Heat.",
        fix: "Declare the parameter as `{vm-type}_image_name: {type: string, description: ...}`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::declared_type(
        context,
        findings,
        Slot::Property("image"),
        Scope::All,
        &["string"],
    );
}
