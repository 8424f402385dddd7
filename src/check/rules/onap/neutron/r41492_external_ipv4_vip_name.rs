//! R-41492: a port's IPv4 `allowed_address_pairs` `ip_address` parameter on an external network
//! is a string named `{vm-type}_{network-role}_floating_ip`.
//!
//! A parameter is in ONAP's data model unless the port's resource-level `metadata: {aap_exempt:
//! [...]}` lists it (R-41493). The IP version is IPv6 when the name has a `v6` word or the
//! value is an IPv6 address. The vm-type is read as for fixed IPs; the network-role is
//! R-681859's business. "Only one VIP per IP version" follows from the name: a vm-type and
//! network-role give one name.

use crate::check::rules::onap::shared_checks::ports::{Ip, NameSpec, Target, check_names};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external IPv4 VIP parameter not named `{vm-type}_{network-role}_floating_ip` or not a string.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-41492",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: allowed_address_pairs, Map \
                  Property: ip_address / VIP Assignment, ONAP External Networks",
        summary: "On an external network, a port's IPv4 `allowed_address_pairs` `ip_address` \
                  parameter is a `string` named `{vm-type}_{network-role}_floating_ip`, unless \
                  listed in `aap_exempt`.",
        why: "ONAP models one IPv4 virtual IP per vm-type and external network and assigns it \
              by this name; a parameter of another name or type is unknown to the model unless \
              declared exempt.",
        fix: "Rename the parameter to `<vm-type>_<role>_floating_ip` with `type: string`, or \
              list it in the port's resource-level `metadata: {aap_exempt: [<parameter>]}` when \
              ONAP is not to model it.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec::external_vip(Target::NEUTRON_ADDRESS_PAIR, Ip::V4);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
