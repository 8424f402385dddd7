//! R-62590: no fixed address parameter of a port on an external network is given in the
//! environment file.
//!
//! Covers all four families at once (R-39841, R-87123, R-98905, R-93030 each cover one): every
//! module parameter that reaches a `fixed_ips` `ip_address` on an external network, whatever
//! its name or type. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external fixed address parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-62590",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  ip_address",
        summary: "No parameter setting a fixed IP address on an external network \
                  (`…_ip_{index}`, `…_v6_ip_{index}`, `…_ips`, `…_v6_ips`) has a value in the \
                  environment file.",
        why: advice::EXTERNAL_ADDRESS_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::NEUTRON_FIXED_IP,
    Side::External,
    None,
    Typed::Any,
    Env::Absent,
    "fixed address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
