//! R-100190: an instance IP's `subnet_uuid` parameter is declared as a string.

use crate::check::rules::onap::shared_checks::ports::{Target, check_types};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A subnet_uuid parameter that is not a string.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100190",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property subnet_uuid",
        summary: "A parameter read by an `OS::ContrailV2::InstanceIp` `subnet_uuid` is declared \
                  `type: string`.",
        why: "A subnet is given to the module as one UUID; SDC models the input as a string.",
        fix: "Declare the parameter with `type: string`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_types(
        context,
        findings,
        Target::CONTRAIL_INSTANCE_SUBNET,
        &["string"],
        "subnet_uuid",
    );
}
