//! R-38236: a port's `fixed_ips` `subnet` parameter is declared as a string.
//!
//! `subnet_id`, the older spelling of `subnet`, counts too.

use crate::check::rules::onap::shared_checks::ports::{Target, check_types};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A fixed_ips subnet parameter that is not a string.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-38236",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  subnet",
        summary: "A parameter read by an `OS::Neutron::Port` `fixed_ips` `subnet` is declared \
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
        Target::NEUTRON_FIXED_SUBNET,
        &["string"],
        "fixed_ips subnet",
    );
}
