//! R-100370: a Contrail interface's IPv6 allowed address pair parameter on an internal network
//! is `{vm-type}_int_{network-role}_floating_v6_ip` (string) or `{vm-type}_int_{network-
//! role}_floating_v6_ips` (comma_delimited_list) and is given in the environment file.
//!
//! The IP version is IPv6 when the name has a `v6` word or the value is an IPv6 address. The
//! name and type are checked in every template; the environment file for module parameters
//! reaching such a pair, in the module or through nested templates. Contrail has no rule like
//! R-681859, so the name must also carry the network-role of the interface's network when that
//! network's name or resource id gives one.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::check_names_and_listed;
use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal IPv6 VIP parameter of a Contrail interface misnamed, of the wrong type or missing from the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100370",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / OS::ContrailV2::VirtualMachineInterface Property \
                  virtual_machine_interface_allowed_address_pairs / ONAP Internal Networks",
        summary: "On an internal network, a `virtual_machine_interface_allowed_address_pairs` \
                  IPv6 prefix parameter is a `string` named \
                  `{vm-type}_int_{network-role}_floating_v6_ip` or a `comma_delimited_list` \
                  named `{vm-type}_int_{network-role}_floating_v6_ips`, and has its value in \
                  the environment file.",
        why: advice::INTERNAL_VIP_WHY,
        fix: advice::INTERNAL_VIP_V6_FIX,
    },
    check: Check::Hot(check),
};

const NAMES: NameSpec = NameSpec::internal_vip(Target::CONTRAIL_ADDRESS_PAIR, Ip::V6);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names_and_listed(context, findings, &NAMES);
}
