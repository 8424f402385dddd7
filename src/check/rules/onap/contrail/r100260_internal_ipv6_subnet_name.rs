//! R-100260: an incremental module's IPv6 `subnet_uuid` parameter on an internal network is
//! named `int_{network-role}_v6_subnet_id` and is an output of the base module.
//!
//! The IP version is IPv6 when `instance_ip_family` is `v6`, the name has a `v6` word or the
//! value is an IPv6 prefix. Contrail has no rule like R-681859, so the name must also carry the
//! network-role of the interface's network when that network's name or resource id gives one.
//! The name is checked in every template that reads an internal subnet; the base module output
//! is required for incremental modules' parameters that reach one, in the module or its nested
//! templates.

use crate::check::rules::onap::shared_checks::ports::base_output::check_names_and_base_outputs;
use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::{Side, V6_SUBNET_ID};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An internal IPv6 subnet_uuid parameter not named `int_{network-role}_v6_subnet_id` or not output by the base module.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100260",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Resource OS::ContrailV2::InstanceIp / Resource \
                  OS::ContrailV2::InstanceIp Property subnet_uuid",
        summary: "On an internal network, an `OS::ContrailV2::InstanceIp`'s IPv6 `subnet_uuid` \
                  parameter is named `int_{network-role}_v6_subnet_id`, and in an incremental \
                  module the base module has an output of that name.",
        why: "SDC fills an incremental module's parameter from the base module's output of the \
              same name; the internal subnet exists only in the base module, so without the \
              output the address has no subnet.",
        fix: "Rename the parameter to `int_<role>_v6_subnet_id` and add an output of that name \
              to the base module giving the subnet's UUID.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::named(
    Target::CONTRAIL_INSTANCE_SUBNET,
    Side::Internal,
    Ip::V6,
    Typed::Any,
    &[V6_SUBNET_ID],
    "IPv6 subnet",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names_and_base_outputs(context, findings, &SPEC);
}
