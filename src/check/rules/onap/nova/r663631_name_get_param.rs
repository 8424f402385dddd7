//! R-663631: a server's `name`, when written, is a `get_param`.
//!
//! A server without `name` is not reported: there is no value to judge, and Heat then names the VM
//! after the stack.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A name not read with `get_param`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-663631",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: Name",
        summary: "A server's `name` is read with `get_param`.",
        why: "ONAP assigns VM names (by naming policy or operator input) and passes them as \
              parameters; a literal or computed name cannot be the one ONAP assigned, so inventory \
              and the cloud disagree.",
        fix: "Write `name: {get_param: {vm-type}_name_{index}}` or `name: {get_param: \
              [{vm-type}_names, <index>]}` and declare that parameter.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::via_get_param(context, findings, Slot::Property("name"), false);
}
