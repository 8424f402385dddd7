//! R-19756: an `OS::ContrailV2::InterfaceRouteTable` route prefixes parameter is declared as
//! `json`.
//!
//! Every parameter read inside `interface_route_table_routes` /
//! `interface_route_table_routes_route` counts, also when the route list is built with `repeat`
//! or other functions.

use crate::check::rules::onap::shared_checks::ports::{Target, check_types};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A route prefixes parameter that is not `json`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-19756",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Interface Route Table Prefixes for Contrail InterfaceRoute Table",
        summary: "A parameter read inside an `OS::ContrailV2::InterfaceRouteTable`'s \
                  `interface_route_table_routes_route` is declared `type: json`.",
        why: "The routes are a list of maps (`interface_route_table_routes_route_prefix` per \
              entry); only a `json` parameter carries that structure, and ONAP models it as \
              such.",
        fix: "Declare the parameter with `type: json` and give it the list of route maps.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_types(
        context,
        findings,
        Target::CONTRAIL_ROUTE_PREFIXES,
        &["json"],
        "interface route prefixes",
    );
}
