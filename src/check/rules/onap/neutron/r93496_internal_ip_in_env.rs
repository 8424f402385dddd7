//! R-93496: every fixed address parameter of a port on an internal network is given, with an
//! address, in the environment file.
//!
//! Covers all four families at once (R-28795, R-97201, R-90206, R-98569 each cover one). "IP
//! addresses MUST be assigned" is read as: the entry has a value (not null or blank).

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal fixed address parameter missing from the environment file or left without a value.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-93496",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  ip_address",
        summary: "Every parameter setting a fixed IP address on an internal network is listed \
                  in the module's environment file with an address.",
        why: advice::INTERNAL_ADDRESS_WHY,
        fix: advice::ADD_ADDRESS_TO_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::NEUTRON_FIXED_IP,
    Side::Internal,
    None,
    Typed::Any,
    Env::Assigned,
    "fixed address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
