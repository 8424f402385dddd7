//! R-100330: a Contrail interface's IPv6 allowed address pair parameter on an external network
//! is a string named `{vm-type}_{network-role}_floating_v6_ip`.
//!
//! A parameter is in ONAP's data model unless the interface's resource-level `metadata:
//! {aap_exempt: [...]}` lists it (R-100350). The IP version is IPv6 when the name has a `v6`
//! word or the value is an IPv6 address. Contrail has no rule like R-681859, so the name must
//! also carry the network-role of the interface's network when that network's name or resource
//! id gives one.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, check_names};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv6 VIP parameter of a Contrail interface not a string named `{vm-type}_{network-role}_floating_v6_ip`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100330",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / OS::ContrailV2::VirtualMachineInterface Property \
                  virtual_machine_interface_allowed_address_pairs / ONAP External Networks",
        summary: "On an external network, a `virtual_machine_interface_allowed_address_pairs` \
                  IPv6 prefix parameter is a `string` named \
                  `{vm-type}_{network-role}_floating_v6_ip`, unless listed in `aap_exempt`.",
        why: "ONAP models one IPv6 virtual IP per vm-type and external network and assigns it \
              by this name; a parameter of another name or type is unknown to the model unless \
              declared exempt.",
        fix: "Rename the parameter to `<vm-type>_<role>_floating_v6_ip` with `type: string`, or \
              list it in the interface's resource-level `metadata: {aap_exempt: [<parameter>]}` \
              when ONAP is not to model it.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::external_vip(Target::CONTRAIL_ADDRESS_PAIR, Ip::V6);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
