//! R-28222: an `OS::ContrailV2::InterfaceRouteTable` route prefixes parameter is named `{vm-
//! type}_{network-role}_route_prefixes`.
//!
//! The vm-type and network-role come from the virtual machine interface that names the route
//! table in `interface_route_table_refs` (its server and its network); a route table no
//! interface of the template names is checked for the shape only. The convention has no `int_`
//! form.

use crate::check::rules::onap::shared_checks::ports::{ForType, NameSpec, check_names};
use crate::check::rules::onap::vocabulary::network_role::ROUTE_PREFIXES;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A route prefixes parameter not named `{vm-type}_{network-role}_route_prefixes`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-28222",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Interface Route Table Prefixes for Contrail InterfaceRoute Table",
        summary: "A parameter read inside an `OS::ContrailV2::InterfaceRouteTable`'s \
                  `interface_route_table_routes_route` is named \
                  `{vm-type}_{network-role}_route_prefixes`.",
        why: "ONAP ties the routed prefixes to the VM type and the network of the interface \
              they are routed to by this name.",
        fix: "Rename the parameter to `<vm-type>_<role>_route_prefixes` with the vm-type of the \
              server and the network-role of the interface using the route table.",
    },
    check: Check::Hot(check),
};

const SPEC: NameSpec = NameSpec {
    kinds: &[PortKind::ContrailRouteTable],
    property: Property::RoutePrefixes,
    side: None,
    v6: None,
    string: ForType::Names(&[ROUTE_PREFIXES]),
    list: ForType::Names(&[ROUTE_PREFIXES]),
    other: ForType::Names(&[ROUTE_PREFIXES]),
    skip_exempt: false,
    same_role: true,
    what: "route prefixes",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_names(context, findings, &SPEC);
}
