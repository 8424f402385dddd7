//! R-35666: the VNF creates its internal networks itself.
//!
//! Statically: the base module, which creates what the modules share, must not take an
//! internal network from outside. A base module parameter that reaches the network of a
//! port or Contrail interface on an internal network (named with the `int_` marker, in the
//! module or its nested templates) is reported, and so is a base output named as an internal
//! network (`int_{network-role}_net_id`, `_net_name`, `_net_fqdn`) that only passes a parameter
//! on. Incremental modules receive internal networks from the base module's outputs
//! (R-22688).

use crate::check::rules::onap::vocabulary::network_role::{NetworkParameter, Side};
use crate::check::rules::onap::vocabulary::ports::Property;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::usage::read_parameter;

/// An internal network the VNF takes from outside instead of creating it.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-35666",
        keyword: Keyword::Must,
        section: "ONAP Heat Networking / Internal Networks",
        summary: "The VNF's templates create its internal networks (`OS::Neutron::Net`, \
                  `OS::ContrailV2::VirtualNetwork`, …); the base module does not receive one as \
                  a parameter.",
        why: "An internal network belongs to one VNF and lives and dies with it; ONAP neither \
              creates nor assigns it, so one expected from outside does not exist when the VNF \
              is instantiated.",
        fix: "Create the network (and its subnet) in the base module, connect the ports with \
              `get_resource`, and publish it to incremental modules as an output \
              `int_<role>_net_id`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let Some(base) = context.set.base_template() else {
        return;
    };
    let flow = context.flow();
    for (name, _) in base.parameters() {
        let reaches_internal = flow
            .sinks(base.id, &name.text)
            .iter()
            .any(|s| s.property == Property::Network && s.side == Some(Side::Internal));
        if reaches_internal {
            findings.report(
                base.file,
                name.span,
                format!("parameters.{}", name.text),
                format!(
                    "the base module takes the internal network `{}` as a parameter instead of \
                     creating it",
                    name.text
                ),
            );
        }
    }
    for (name, definition) in base.outputs() {
        let internal = Side::of_name(&name.text) == Side::Internal
            && NetworkParameter::parse(&name.text).is_some();
        let passed_on = definition
            .get("value")
            .and_then(read_parameter)
            .and_then(|p| p.as_str());
        if let (true, Some(parameter)) = (internal, passed_on) {
            findings.report(
                base.file,
                name.span,
                format!("outputs.{}", name.text),
                format!(
                    "output `{}` passes on the parameter `{parameter}` instead of a network the \
                     base module creates",
                    name.text
                ),
            );
        }
    }
}
