//! R-62802: a port's IPv4 `fixed_ips` `subnet` parameter on an external network is named
//! `{network-role}_subnet_id`.
//!
//! The IP version is IPv6 when the name has a `v6` word or the value is an IPv6 prefix.
//! `subnet_id`, the older spelling of `subnet`, counts too.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed, check_names};
use crate::check::rules::onap::vocabulary::network_role::{SUBNET_ID, Side};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv4 subnet parameter not named `{network-role}_subnet_id`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-62802",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  subnet",
        summary: "On an external network, a port's IPv4 `fixed_ips` `subnet` parameter is named \
                  `{network-role}_subnet_id`.",
        why: "With addresses handed out by OpenStack's DHCP, the subnet is what ONAP supplies \
              for the port; it finds the subnet of a network role by this name.",
        fix: "Rename the parameter to `<role>_subnet_id` with the port's network-role.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::NEUTRON_FIXED_SUBNET,
    Side::External,
    Ip::V4,
    Typed::Any,
    &[SUBNET_ID],
    "IPv4 subnet",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
