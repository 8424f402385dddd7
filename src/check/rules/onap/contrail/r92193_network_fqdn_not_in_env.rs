//! R-92193: a Contrail `{network-role}_net_fqdn` parameter is not given in the environment
//! file.
//!
//! Every module parameter that reaches a `virtual_network_refs` item of an interface or
//! instance IP on an external network counts, whatever its name, in the module or through
//! nested templates. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{EnvSpec, check_enumerated};
use crate::check::rules::onap::vocabulary::network_role::Side;
use crate::check::rules::onap::vocabulary::ports::{PortKind, Property};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external Contrail network parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92193",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / Contrail Network Parameters / ONAP External Networks",
        summary: "A parameter naming an external network in a Contrail `virtual_network_refs` \
                  (`{network-role}_net_fqdn`) has no value in the module's environment file.",
        why: "The operator picks the external network at instantiation through VID or SO; a \
              value in the env overrides that choice.",
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec {
    kinds: &[PortKind::ContrailInterface, PortKind::ContrailInstanceIp],
    property: Property::Network,
    side: Some(Side::External),
    v6: None,
    list: None,
    listed: false,
    assigned: false,
    what: "network",
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
