//! R-481670: a server's `flavor` is a `get_param`.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A flavor not read with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-481670",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: flavor",
        summary: "A server's `flavor` is read with `get_param`.",
        why: "Flavors differ between clouds; a flavor written into the template (or computed from \
              other values) cannot be set per deployment from the environment file, so the VNF \
              cannot be onboarded on a cloud with other flavor names.",
        fix: "Write `flavor: {get_param: {vm-type}_flavor_name}`, declare that parameter and give \
              its value in the environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Property("flavor"), false);
}
