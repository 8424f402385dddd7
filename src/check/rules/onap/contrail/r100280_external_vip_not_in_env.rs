//! R-100280: no allowed address pair prefix parameter of a Contrail interface on an external
//! network is given in the environment file.
//!
//! The parameter is the one read at `virtual_machine_interface_allowed_address_pairs` /
//! `…_allowed_address_pair` / `…_ip` / `…_ip_prefix`; exempt ones count too. Only `parameters:`
//! counts.

use crate::check::rules::onap::shared_checks::ports::advice;
use crate::check::rules::onap::shared_checks::ports::enumerated::{Env, EnvSpec, check_enumerated};
use crate::check::rules::onap::shared_checks::ports::{Target, Typed};
use crate::check::rules::onap::vocabulary::network_role::Side;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An external interface allowed address pair parameter given in the environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-100280",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Contrail Resource \
                  Parameters / OS::ContrailV2::VirtualMachineInterface Property \
                  virtual_machine_interface_allowed_address_pairs / ONAP External Networks",
        summary: "No parameter setting a `virtual_machine_interface_allowed_address_pairs` IP \
                  prefix on an external network has a value in the module's environment file.",
        why: advice::EXTERNAL_VIP_WHY,
        fix: advice::DELETE_FROM_ENV,
    },
    check: Check::Hot(check),
};

const SPEC: EnvSpec = EnvSpec::of(
    Target::CONTRAIL_ADDRESS_PAIR,
    Side::External,
    None,
    Typed::Any,
    Env::Absent,
    "allowed address pair",
);

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_enumerated(context, findings, &SPEC);
}
