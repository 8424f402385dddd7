//! R-100230: an instance IP's external IPv6 subnet parameter (`{network-role}_v6_subnet_id`) is
//! not given in the environment file.
//!
//! A module parameter counts when it reaches an instance IP's `subnet_uuid` on an external
//! network, directly or through nested templates, with the IP version read from
//! `instance_ip_family`, a `v6` word in its name or an IPv6 value. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Ip, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv6 subnet_uuid parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100230",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property subnet_uuid",
        summary: "A `{network-role}_v6_subnet_id` parameter (external IPv6 subnet of an \
                  instance IP) has no value in the module's environment file.",
        why: advice::EXTERNAL_SUBNET_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::CONTRAIL_INSTANCE_SUBNET,
    Side::External,
    Some(Ip::V6),
    Typed::Any,
    Env::Absent,
    "IPv6 subnet",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
