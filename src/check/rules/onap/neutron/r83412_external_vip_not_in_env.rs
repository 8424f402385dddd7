//! R-83412: no allowed address pair parameter of a port on an external network is given in the
//! environment file.
//!
//! Exempt parameters (`aap_exempt`) count too: the text names every `allowed_address_pairs`
//! `ip_address` parameter of such a port. Parameters reaching a pair through nested templates
//! count. Only `parameters:` counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external allowed address pair parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-83412",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: allowed_address_pairs, Map \
                  Property: ip_address / VIP Assignment, ONAP External Networks",
        summary: "No parameter setting an `allowed_address_pairs` `ip_address` on an external \
                  network has a value in the module's environment file.",
        why: advice::EXTERNAL_VIP_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::NEUTRON_ADDRESS_PAIR,
    Side::External,
    None,
    Typed::Any,
    Env::Absent,
    "allowed address pair",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
