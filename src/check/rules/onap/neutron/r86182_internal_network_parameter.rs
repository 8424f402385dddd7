//! R-86182: a port on an internal network reads it from `int_{network-role}_net_id` or
//! `int_{network-role}_net_name`.
//!
//! A network parameter starting with `int_` marks an internal network. Its name is checked in
//! every template that reads one, nested templates included, since their values come from the
//! module's parameter of the same role; a base module that reads an internal network at all is
//! R-35666's finding. A port whose network is a literal (text, a number, a boolean) or a
//! `get_param` with a computed name is on an internal network when its own names say so (the
//! `int_` marker in its id and parameters, all agreeing), and is reported too: R-86182 asks
//! for `get_param` of the named parameter.

use crate::check::rules::onap::shared_checks::ports::{ForType, NameSpec, check_network_names};
use crate::check::rules::onap::vocabulary::network_role::{NET_ID, NET_NAME, Side};
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A port on an internal network whose parameter is not `int_{network-role}_net_id` or `_net_name`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-86182",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: network",
        summary: "A port on an internal network made by the base module reads it with \
                  `get_param` from `int_{network-role}_net_id` or \
                  `int_{network-role}_net_name`.",
        why: "SDC fills an incremental module's internal network parameter from the base \
              module's output of the same name; this name is what connects the two and marks \
              the network internal.",
        fix: "Rename the parameter to `int_<role>_net_id` (UUID) or `int_<role>_net_name` \
              (name), the same name as the base module's output.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec {
    kinds: &[PortKind::Neutron],
    property: Property::Network,
    side: Some(Side::Internal),
    v6: None,
    string: ForType::Names(&[NET_ID, NET_NAME]),
    list: ForType::Names(&[NET_ID, NET_NAME]),
    other: ForType::Names(&[NET_ID, NET_NAME]),
    skip_exempt: false,
    same_role: false,
    what: "network",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_network_names(context, findings, &SPEC, "int_{network-role}_net_id");
}
