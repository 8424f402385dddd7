//! R-57282: each `{vm-type}` reads its own `image` parameter (see `unique_per_vm_type`).

use crate::check::rules::onap::shared_checks::server_parameters::Slot;
use crate::check::rules::onap::shared_checks::unique_per_vm_type;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An image parameter read by two VM types.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-57282",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: image",
        summary: "Each `{vm-type}` has its own `image` parameter, even when two VM types boot the \
                  same image.",
        why: "ONAP upgrades each VFC through its own image parameter; a parameter shared by two VM \
              types cannot be upgraded for one without the other, and SDC cannot tell whose \
              parameter it is.",
        fix: "Declare a `{vm-type}_image_name` parameter per VM type, read it in that type's \
              servers and list each in the environment file (the values may be the same).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    unique_per_vm_type::check(context, findings, Slot::Property("image"));
}
