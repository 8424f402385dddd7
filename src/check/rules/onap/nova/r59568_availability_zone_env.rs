//! R-59568: the parameter behind a server's `availability_zone` is not listed in an environment
//! file (see `server_parameters` for how nested templates are followed).

use crate::check::rules::onap::shared_checks::server_parameters::{self, Listing, Scope, Slot};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An environment file listing an availability zone parameter.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-59568",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Nova Parameters / \
                  Resource: OS::Nova::Server - Parameters / Property: availability_zone",
        summary: "The parameter feeding a server's `availability_zone` is not listed in the \
                  environment file.",
        why: "ONAP picks the availability zones (homing) when it instantiates the module; a zone \
              fixed in the environment file overrides that choice or points at a zone the target \
              cloud does not have.",
        fix: "Delete the `availability_zone_{index}` lines from the environment file's \
              `parameters:`; keep the parameters declared in the template without defaults.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    server_parameters::in_environment(
        context,
        findings,
        Slot::Property("availability_zone"),
        Scope::All,
        Listing::Forbidden,
    );
}
