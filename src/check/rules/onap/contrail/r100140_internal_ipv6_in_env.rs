//! R-100140: an instance IP's internal IPv6 address parameter (`{vm-type}_int_{network-
//! role}_v6_ip_{index}`) is given in the environment file.
//!
//! A module parameter counts when it reaches an instance IP's `instance_ip_address` on an
//! internal network, in the module or through nested templates; its family follows its declared
//! type and IP version (`instance_ip_family: v6`, a `v6` word in the name or an IPv6 value), so
//! a misnamed parameter is still judged. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Ip, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal instance IP IPv6 address parameter missing from the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100140",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property instance_ip_address",
        summary: "A `{vm-type}_int_{network-role}_v6_ip_{index}` parameter (internal IPv6 \
                  instance IP address) has its value in the module's environment file.",
        why: advice::INTERNAL_ADDRESS_WHY,
        fix: advice::ADD_ADDRESS_TO_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::CONTRAIL_INSTANCE_ADDRESS,
    Side::Internal,
    Some(Ip::V6),
    Typed::String,
    Env::Listed,
    "IPv6 address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
