//! R-23503: a port's comma-delimited list IPv6 `fixed_ips` `ip_address` parameter on an
//! external network is named `{vm-type}_{network-role}_v6_ips`.
//!
//! The IP version is IPv6 when the name has a `v6` word or the parameter's default or
//! environment value is an IPv6 address; IPv4 otherwise. The `{vm-type}` is that of the server
//! whose `networks` name the port (any of the vm-types its image, flavor and name parameters or
//! resource id give); a port no server of the template names is checked for the shape only. The
//! network-role is R-681859's business.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed, check_names};
use crate::check::rules::onap::vocabulary::network_role::{Side, V6_IPS};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A fixed IPv6 address list parameter on an external network not named `{vm-type}_{network-role}_v6_ips`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-23503",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  ip_address",
        summary: "On an external network, a port's list of fixed IPv6 addresses \
                  (`comma_delimited_list`) parameter is named \
                  `{vm-type}_{network-role}_v6_ips`.",
        why: "SDN-C assigns external addresses at instantiation by parameter name: the name \
              tells it the VM type, the network role the address is for.",
        fix: "Rename the parameter to `<vm-type>_<role>_v6_ips` with the server's vm-type and \
              the port's network-role.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::NEUTRON_FIXED_IP,
    Side::External,
    Ip::V6,
    Typed::List,
    &[V6_IPS],
    "fixed IPv6 address list",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
