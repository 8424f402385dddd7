//! R-100050: an instance IP's string IPv6 `instance_ip_address` parameter on an external
//! network is named `{vm-type}_{network-role}_v6_ip_{index}`.
//!
//! The IP version is IPv6 when `instance_ip_family` is `v6`, the name has a `v6` word or the
//! value is an IPv6 address. The network is the instance IP's own `virtual_network_refs`, else
//! its interface's; the vm-type that of the server naming the interface. Contrail has no rule
//! like R-681859, so the name must also carry the network-role of the interface's network when
//! that network's name or resource id gives one. Indices count per name family across the whole
//! VNF, from 0 by 1.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed, check_names};
use crate::check::rules::onap::vocabulary::network_role::{Side, V6_IP};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An instance IP IPv6 address parameter on an external network not named `{vm-type}_{network-role}_v6_ip_{index}`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100050",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property instance_ip_address",
        summary: "On an external network, an `OS::ContrailV2::InstanceIp`'s IPv6 address \
                  (`string`) parameter is named `{vm-type}_{network-role}_v6_ip_{index}`, the \
                  index counting up from 0.",
        why: "SDN-C assigns external addresses at instantiation by parameter name: the name \
              tells it the VM type, the network role and the position the address is for.",
        fix: "Rename the parameter to `<vm-type>_<role>_v6_ip_<n>` with the server's vm-type \
              and the network's role, numbering from 0 without gaps across the VNF.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::CONTRAIL_INSTANCE_ADDRESS,
    Side::External,
    Ip::V6,
    Typed::String,
    &[V6_IP],
    "IPv6 address",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
