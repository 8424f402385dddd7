//! R-22688: an internal network shared between modules is made by the base module and
//! reaches the incremental modules through a base output named `int_{network-role}_net_id`
//! or `int_{network-role}_net_name`.
//!
//! Two static parts. An incremental module's parameter that reaches a port's internal
//! network (in the module or its nested templates) must be an output of the base module —
//! SDC fills it from the output of the same name. A base module output whose value is a
//! network the base module creates must be named after the network's role: `int_{role}_net_id`
//! for `get_resource` (the UUID), `int_{role}_net_name` for `get_attr: [<net>, name]`, the role
//! being the one in the network's id (`int_{role}_network`) when it has one. That the
//! parameter is declared in the incremental module is Heat's own check.

use crate::check::rules::onap::shared_checks::ports::base_output::check_base_outputs;
use crate::check::rules::onap::vocabulary::network_role::{
    Convention, NET_ID, NET_NAME, Side, network_resource_role,
};
use crate::check::rules::onap::vocabulary::networks::created_networks;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;

/// A shared internal network without a conforming base module output.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-22688",
        keyword: Keyword::Must,
        section: "ONAP Heat Networking / Internal Networks",
        summary: "An internal network used by incremental modules is created by the base module \
                  and published as a base output named `int_{network-role}_net_id` (UUID) or \
                  `int_{network-role}_net_name` (name), which the incremental modules declare as \
                  a parameter.",
        why: "Modules share nothing but the base module's outputs: SDC fills an incremental \
              module's parameter from the base output of the same name, so a missing or \
              differently named output leaves the port without its network.",
        fix: "Create the network in the base module, add an output `int_<role>_net_id: {value: \
              {get_resource: int_<role>_network}}` (or `_net_name` with `get_attr: [<net>, \
              name]`), and read that same name with `get_param` in the incremental module.",
    },
    check: Check::Hot(check),
};

/// The convention an output's value calls for, and the network it gives.
fn published(value: &Node) -> Option<(Convention, &str)> {
    let map = value.as_map().filter(|m| m.len() == 1)?;
    if let Some(target) = map.get("get_resource") {
        return Some((NET_ID, target.as_str()?));
    }
    let args = map.get("get_attr")?.as_seq()?;
    match args {
        [target, attribute] if attribute.as_str() == Some("name") => {
            Some((NET_NAME, target.as_str()?))
        }
        _ => None,
    }
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_base_outputs(
        context,
        findings,
        &[PortKind::Neutron],
        Property::Network,
        None,
        "network",
    );
    let Some(base) = context.set.base_template() else {
        return;
    };
    let networks: Vec<&str> = created_networks(&base)
        .map(|n| n.id.text.as_str())
        .collect();
    for (name, definition) in base.outputs() {
        let Some((convention, network)) = definition.get("value").and_then(published) else {
            continue;
        };
        if !networks.contains(&network) {
            continue;
        }
        let role = network_resource_role(network);
        let fits = convention
            .parse(&name.text, Side::Internal, &[])
            .is_some_and(|parsed| role.is_none_or(|role| parsed.role == Some(role)));
        if fits {
            continue;
        }
        findings.report(
            base.file,
            name.span,
            format!("outputs.{}", name.text),
            format!(
                "output `{}` publishes the internal network `{network}`; name it `{}`",
                name.text,
                convention.example(Side::Internal, None, role)
            ),
        );
    }
}
