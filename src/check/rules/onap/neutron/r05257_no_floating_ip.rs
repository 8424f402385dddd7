//! R-05257: no template defines an `OS::Neutron::FloatingIP` resource.
//!
//! Every template counts, nested ones and resource group members included.

use crate::check::rules::onap::shared_checks::forbidden_type::check_forbidden_type;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An `OS::Neutron::FloatingIP` resource.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-05257",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / Neutron Parameters / \
                  Resource: OS::Neutron::Port - Parameters / Property: allowed_address_pairs, Map \
                  Property: ip_address / VIP Assignment, ONAP External Networks",
        summary: "No template has a resource of type `OS::Neutron::FloatingIP`.",
        why: "ONAP has no floating IPs in its model: a VIP is an allowed address pair on the \
              VM's port, with its address assigned by ONAP; a floating IP is invisible to ONAP \
              and its inventory.",
        fix: "Remove the resource and give the port an `allowed_address_pairs` entry whose \
              `ip_address` reads `{get_param: <vm-type>_<role>_floating_ip}`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_forbidden_type(context, findings, "OS::Neutron::FloatingIP");
}
