//! R-100060: an instance IP's external IPv6 address parameter (`{vm-type}_{network-
//! role}_v6_ip_{index}`) is not given in the environment file.
//!
//! A module parameter counts when it reaches an instance IP's `instance_ip_address` on an
//! external network, in the module or through nested templates; its family follows its declared
//! type and IP version (`instance_ip_family: v6`, a `v6` word in the name or an IPv6 value), so
//! a misnamed parameter is still judged. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Ip, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external instance IP IPv6 address parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100060",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property instance_ip_address",
        summary: "A `{vm-type}_{network-role}_v6_ip_{index}` parameter (external IPv6 instance \
                  IP address) has no value in the module's environment file.",
        why: advice::EXTERNAL_ADDRESS_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::CONTRAIL_INSTANCE_ADDRESS,
    Side::External,
    Some(Ip::V6),
    Typed::String,
    Env::Absent,
    "IPv6 address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
