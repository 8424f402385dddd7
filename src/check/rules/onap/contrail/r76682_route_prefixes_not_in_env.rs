//! R-76682: an `OS::ContrailV2::InterfaceRouteTable` route prefixes parameter is not given in
//! the environment file.
//!
//! A module parameter counts when it reaches a route table's routes in the module or through
//! nested templates. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{EnvSpec, check_enumerated};
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A route prefixes parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-76682",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Interface Route Table Prefixes for Contrail InterfaceRoute Table",
        summary: "A parameter setting an `OS::ContrailV2::InterfaceRouteTable`'s route prefixes \
                  has no value in the module's environment file.",
        why: "The prefixes routed to a VNF are customer data ONAP supplies per instance; a \
              value in the env freezes them into the package.",
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec {
    kinds: &[PortKind::ContrailRouteTable],
    property: Property::RoutePrefixes,
    side: None,
    v6: None,
    list: None,
    listed: false,
    assigned: false,
    what: "interface route prefixes",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
