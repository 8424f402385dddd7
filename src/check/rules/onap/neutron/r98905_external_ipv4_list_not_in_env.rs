//! R-98905: an external IPv4 fixed address parameter (`{vm-type}_{network-role}_ips`) is not
//! given in the environment file.
//!
//! A module parameter is covered when it reaches a port's `fixed_ips` `ip_address` on an
//! external network, in the module or through the properties of nested templates; which of the
//! four name families it is follows its declared type (`string` or `comma_delimited_list`) and
//! IP version (a `v6` word in the name or an IPv6 value), so a misnamed parameter is still
//! judged. Only the environment file's `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Ip, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external fixed IPv4 address list parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-98905",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  ip_address",
        summary: "A `{vm-type}_{network-role}_ips` parameter (external fixed IPv4 addresses) \
                  has no value in the module's environment file.",
        why: advice::EXTERNAL_ADDRESS_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::NEUTRON_FIXED_IP,
    Side::External,
    Some(Ip::V4),
    Typed::List,
    Env::Absent,
    "fixed IPv4 address list",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
