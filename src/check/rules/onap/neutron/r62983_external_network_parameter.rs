//! R-62983: a port on an external network reads it with `get_param` from `{network-
//! role}_net_id` or `{network-role}_net_name`.
//!
//! A port's network is external when its `network` (or `network_id`) is a `get_param` of a name
//! without the `int_` marker; a `get_resource`/`get_attr` of a resource of the template is an
//! internal network the VNF creates. A network that does not tell (a literal text, number or
//! boolean, a `get_param` whose name is computed, another expression, or none) takes the side
//! the port's own names give (the `int_` marker in its id and parameters, when they agree). A
//! literal or a computed name on an external port is reported as not read with `get_param`
//! (also when the names disagree); other expressions are left alone.

use crate::check::rules::onap::shared_checks::ports::{ForType, NameSpec, check_network_names};
use crate::check::rules::onap::vocabulary::network_role::{NET_ID, NET_NAME, Side};
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A port on an external network that does not read it from `{network-role}_net_id` or `_net_name`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-62983",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: network",
        summary: "A port on an external network reads it with `get_param` from a parameter \
                  named `{network-role}_net_id` (UUID) or `{network-role}_net_name` (name).",
        why: "ONAP recognises the parameter of an external network by this name and fills it at \
              instantiation with the network the operator picked for that role; a literal or \
              another name is not wired.",
        fix: "Write `network: {get_param: <role>_net_id}` (or `<role>_net_name`) with the \
              network's role (`oam`, `sgi`, …) and declare that parameter.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec {
    kinds: &[PortKind::Neutron],
    property: Property::Network,
    side: Some(Side::External),
    v6: None,
    string: ForType::Names(&[NET_ID, NET_NAME]),
    list: ForType::Names(&[NET_ID, NET_NAME]),
    other: ForType::Names(&[NET_ID, NET_NAME]),
    skip_exempt: false,
    same_role: false,
    what: "network",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_network_names(context, findings, &SPEC, "{network-role}_net_id");
}
