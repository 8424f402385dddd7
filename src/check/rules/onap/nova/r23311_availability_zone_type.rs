//! R-23311: the parameter a base or incremental module's server reads for `availability_zone` is
//! declared `type: string`.
//!
//! Servers of nested templates are not judged: their zone parameter may be renamed on the way down
//! (R-256790) and is declared by the module that passes it.

use crate::check::rules::onap::shared_checks::server_parameters::{self, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A module server's availability zone parameter of another type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-23311",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: availability_zone",
        summary: "The `availability_zone` parameter of a server in a base or incremental module is \
                  declared `type: string`.",
        why: "ONAP passes each zone name as a string; a zone parameter of another type is rejected \
              or converted by Heat and the VM lands in no zone or the wrong one.",
        fix: "Declare the parameter as `availability_zone_{index}: {type: string, description: \
              ...}`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::declared_type(
        context,
        findings,
        Slot::Property("availability_zone"),
        Scope::Modules,
        &["string"],
    );
}
