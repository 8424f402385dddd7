//! R-40499: each `{vm-type}` reads its own `flavor` parameter (see `unique_per_vm_type`).

use crate::check::rules::onap::shared_checks::server_parameters::Slot;
use crate::check::rules::onap::shared_checks::unique_per_vm_type;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A flavor parameter read by two VM types.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-40499",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: flavor",
        summary: "Each `{vm-type}` has its own `flavor` parameter, even when two VM types use the \
                  same flavor.",
        why: "ONAP sizes each VFC through its own flavor parameter; a parameter shared by two VM \
              types cannot be resized for one without resizing the other, and SDC cannot tell whose \
              parameter it is.",
        fix: "Declare a `{vm-type}_flavor_name` parameter per VM type, read it in that type's \
              servers and list each in the environment file (the values may be the same).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    unique_per_vm_type::check(context, findings, Slot::Property("flavor"));
}
