//! R-40971: a port's string IPv4 `fixed_ips` `ip_address` parameter on an external network is
//! named `{vm-type}_{network-role}_ip_{index}`.
//!
//! The IP version is IPv6 when the name has a `v6` word or the parameter's default or
//! environment value is an IPv6 address; IPv4 otherwise. The `{vm-type}` is that of the server
//! whose `networks` name the port (any of the vm-types its image, flavor and name parameters or
//! resource id give); a port no server of the template names is checked for the shape only. The
//! network-role is R-681859's business. Indices count per name family (`vfw_oam_ip_`) across
//! the whole VNF: a name whose index is not below the number of indices used in that family
//! skips one.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed, check_names};
use crate::check::rules::onap::vocabulary::network_role::{IP, Side};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A fixed IPv4 address parameter on an external network not named `{vm-type}_{network-role}_ip_{index}`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-40971",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: fixed_ips, Map Property: \
                  ip_address",
        summary: "On an external network, a port's fixed IPv4 address (`string`) parameter is \
                  named `{vm-type}_{network-role}_ip_{index}`, the index counting up from 0.",
        why: "SDN-C assigns external addresses at instantiation by parameter name: the name \
              tells it the VM type, the network role and the position the address is for.",
        fix: "Rename the parameter to `<vm-type>_<role>_ip_<n>` with the server's vm-type and \
              the port's network-role, numbering from 0 without gaps across the VNF.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::NEUTRON_FIXED_IP,
    Side::External,
    Ip::V4,
    Typed::String,
    &[IP],
    "fixed IPv4 address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
