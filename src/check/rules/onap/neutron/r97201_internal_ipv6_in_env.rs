//! R-97201: an internal IPv6 fixed address parameter (`{vm-type}_int_{network-
//! role}_v6_ip_{index}`) is given in the environment file.
//!
//! A module parameter is covered when it reaches a port's `fixed_ips` `ip_address` on an
//! internal network, in the module or through the properties of nested templates; which of the
//! four name families it is follows its declared type (`string` or `comma_delimited_list`) and
//! IP version (a `v6` word in the name or an IPv6 value), so a misnamed parameter is still
//! judged. Only the environment file's `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Ip, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal fixed IPv6 address parameter missing from the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-97201",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  ip_address",
        summary: "A `{vm-type}_int_{network-role}_v6_ip_{index}` parameter (internal fixed IPv6 \
                  address) has its value in the module's environment file.",
        why: advice::INTERNAL_ADDRESS_WHY,
        fix: advice::ADD_ADDRESS_TO_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::NEUTRON_FIXED_IP,
    Side::Internal,
    Some(Ip::V6),
    Typed::String,
    Env::Listed,
    "fixed IPv6 address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
