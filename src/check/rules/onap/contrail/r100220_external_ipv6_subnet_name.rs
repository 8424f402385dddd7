//! R-100220: an instance IP's IPv6 `subnet_uuid` parameter on an external network is named
//! `{network-role}_v6_subnet_id`.
//!
//! The IP version is IPv6 when `instance_ip_family` is `v6`, the name has a `v6` word or the
//! value is an IPv6 prefix. Contrail has no rule like R-681859, so the name must also carry the
//! network-role of the interface's network when that network's name or resource id gives one.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed, check_names};
use crate::check::rules::onap::vocabulary::network_role::{Side, V6_SUBNET_ID};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv6 subnet_uuid parameter not named `{network-role}_v6_subnet_id`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100220",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property subnet_uuid",
        summary: "On an external network, an `OS::ContrailV2::InstanceIp`'s IPv6 `subnet_uuid` \
                  parameter is named `{network-role}_v6_subnet_id`.",
        why: "With addresses handed out by DHCP, the subnet is what ONAP supplies; it finds the \
              subnet of a network role by this name.",
        fix: "Rename the parameter to `<role>_v6_subnet_id` with the network's role.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::CONTRAIL_INSTANCE_SUBNET,
    Side::External,
    Ip::V6,
    Typed::Any,
    &[V6_SUBNET_ID],
    "IPv6 subnet",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
