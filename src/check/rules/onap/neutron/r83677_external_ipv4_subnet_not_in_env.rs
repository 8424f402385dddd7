//! R-83677: an external IPv4 subnet parameter (`{network-role}_subnet_id`) is not given in the
//! environment file.
//!
//! A module parameter is covered when it reaches a port's `fixed_ips` `subnet` on an external
//! network, directly or through nested templates, with the IP version read from a `v6` word in
//! its name or an IPv6 value. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Ip, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv4 subnet parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-83677",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  subnet",
        summary: "A `{network-role}_subnet_id` parameter (external IPv4 subnet of a port) has \
                  no value in the module's environment file.",
        why: advice::EXTERNAL_SUBNET_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::NEUTRON_FIXED_SUBNET,
    Side::External,
    Some(Ip::V4),
    Typed::Any,
    Env::Absent,
    "IPv4 subnet",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
