//! R-100200: an instance IP's IPv4 `subnet_uuid` parameter on an external network is named
//! `{network-role}_subnet_id`.
//!
//! The IP version is IPv6 when `instance_ip_family` is `v6`, the name has a `v6` word or the
//! value is an IPv6 prefix. Contrail has no rule like R-681859, so the name must also carry the
//! network-role of the interface's network when that network's name or resource id gives one.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed, check_names};
use crate::check::rules::onap::vocabulary::network_role::{SUBNET_ID, Side};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv4 subnet_uuid parameter not named `{network-role}_subnet_id`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100200",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property subnet_uuid",
        summary: "On an external network, an `OS::ContrailV2::InstanceIp`'s IPv4 `subnet_uuid` \
                  parameter is named `{network-role}_subnet_id`.",
        why: "With addresses handed out by DHCP, the subnet is what ONAP supplies; it finds the \
              subnet of a network role by this name.",
        fix: "Rename the parameter to `<role>_subnet_id` with the network's role.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::CONTRAIL_INSTANCE_SUBNET,
    Side::External,
    Ip::V4,
    Typed::Any,
    &[SUBNET_ID],
    "IPv4 subnet",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
