//! R-100170: no `instance_ip_address` parameter of an instance IP on an external network is
//! given in the environment file.
//!
//! Covers all four families at once (R-100020, R-100040, R-100060, R-100080 each cover one):
//! every module parameter reaching an `instance_ip_address` on an external network, whatever
//! its name or type. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external instance IP address parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100170",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property instance_ip_address",
        summary: "No parameter setting an `OS::ContrailV2::InstanceIp` address on an external \
                  network (`…_ip_{index}`, `…_v6_ip_{index}`, `…_ips`, `…_v6_ips`) has a value \
                  in the environment file.",
        why: advice::EXTERNAL_ADDRESS_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::CONTRAIL_INSTANCE_ADDRESS,
    Side::External,
    None,
    Typed::Any,
    Env::Absent,
    "address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
