//! R-717227: a port's IPv4 `allowed_address_pairs` `ip_address` parameter on an internal
//! network is `{vm-type}_int_{network-role}_floating_ip` (string) or `{vm-type}_int_{network-
//! role}_floating_ips` (comma_delimited_list) and is given in the environment file.
//!
//! The IP version is IPv6 when the name has a `v6` word or the value is an IPv6 address. The
//! name and type are checked in every template; the environment file for module parameters
//! reaching such a pair, in the module or through nested templates.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::check_names_and_listed;
use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal IPv4 VIP parameter misnamed, of the wrong type or missing from the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-717227",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: allowed_address_pairs, Map \
                  Property: ip_address / VIP Assignment, ONAP Internal Networks",
        summary: "On an internal network, a port's IPv4 `allowed_address_pairs` `ip_address` \
                  parameter is a `string` named `{vm-type}_int_{network-role}_floating_ip` or a \
                  `comma_delimited_list` named `{vm-type}_int_{network-role}_floating_ips`, and \
                  has its value in the environment file.",
        why: advice::INTERNAL_VIP_WHY,
        fix: advice::INTERNAL_VIP_V4_FIX,
    },
    check: Check::Hot(check),
};

const NAMES: NameSpec = NameSpec::internal_vip(Target::NEUTRON_ADDRESS_PAIR, Ip::V4);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names_and_listed(context, findings, &NAMES);
}
