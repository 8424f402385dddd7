//! R-18008: a port's `network` parameter is declared as a string.

use crate::check::rules::onap::shared_checks::ports::{Target, check_types};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A port `network` parameter that is not a string.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-18008",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: network",
        summary: "A parameter read by an `OS::Neutron::Port` `network` property is declared \
                  `type: string`.",
        why: "ONAP passes the network to the module as one UUID or name; SDC models the input \
              as a string and another type cannot take the value.",
        fix: "Declare the parameter with `type: string`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_types(
        context,
        findings,
        Target::NEUTRON_NETWORK,
        &["string"],
        "network",
    );
}
