//! R-100180: every `instance_ip_address` parameter of an instance IP on an internal network is
//! given, with an address, in the environment file.
//!
//! Covers all four families at once (R-100100, R-100120, R-100140, R-100160 each cover one).
//! "IP addresses MUST be assigned" is read as: the entry has a value (not null or blank).

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal instance IP address parameter missing from the environment file or left without a value.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100180",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property instance_ip_address",
        summary: "Every parameter setting an `OS::ContrailV2::InstanceIp` address on an \
                  internal network is listed in the module's environment file with an address.",
        why: advice::INTERNAL_ADDRESS_WHY,
        fix: advice::ADD_ADDRESS_TO_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::CONTRAIL_INSTANCE_ADDRESS,
    Side::Internal,
    None,
    Typed::Any,
    Env::Assigned,
    "address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
