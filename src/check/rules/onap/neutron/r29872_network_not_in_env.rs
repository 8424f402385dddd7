//! R-29872: a port's `network` parameter is not given a value in the environment file.
//!
//! Both sides count: an external network is chosen by the operator through VID or SO, an
//! internal one comes from the base module's output. A module parameter counts when it reaches
//! a port's `network` through nested templates too.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{EnvSpec, check_enumerated};
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A port `network` parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-29872",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: network",
        summary: "A parameter that sets an `OS::Neutron::Port` `network` has no value in the \
                  module's environment file.",
        why: "ONAP decides the network at instantiation (VID or SO for external networks, the \
              base module's outputs for internal ones); a value in the env overrides that \
              choice behind ONAP's back.",
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec {
    kinds: &[PortKind::Neutron],
    property: Property::Network,
    side: None,
    v6: None,
    list: None,
    listed: false,
    assigned: false,
    what: "network",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
