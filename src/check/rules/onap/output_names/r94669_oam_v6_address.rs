//! R-94669: `oam_management_v6_address` is an output of one template only (see
//! `oam_address` for what is judged).

use crate::check::rules::onap::shared_checks::oam_address;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// The IPv6 OAM address output declared twice or misnamed.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-94669",
        keyword: Keyword::Must,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / ONAP Output Parameter \
                  Names / Predefined Output Parameters / OAM Management IP Addresses",
        summary: "The VNF's IPv6 OAM management address is the output `oam_management_v6_address` \
                  of exactly one template.",
        why: "ONAP copies this output into A&AI as the IPv6 address it manages the VNF through; \
              declared in two templates it is ambiguous, and under another spelling it is not \
              found at all.",
        fix: "Keep `oam_management_v6_address` in one template (usually the base module) and \
              remove or rename the others.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    oam_address::check(context, findings, "oam_management_v6_address");
}
