//! R-26506: a `{network-role}` holds only letters, digits and underscores and cannot be
//! mistaken for the `int_` marker, the `_v6` marker or an index.
//!
//! Network-roles are read where the templates write them: network parameters read by ports
//! (`[int_]{network-role}_net_id`, `_net_name`, `_net_fqdn`, the `int_` prefix removed) and
//! ids of created networks (`int_{network-role}_network`). Each offending role is reported
//! once per template, at its first place.

use crate::check::rules::onap::vocabulary::network_role::role_problem;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::vocabulary::role_uses::roles_in_use;

/// A network-role with characters or parts that other names would misread.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-26506",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {network-role}",
        summary: "A `{network-role}` uses only letters, digits and `_`, and contains no `_int`, \
                  `int_`, `_#_` (a number between underscores), and does not end in `_v6` or \
                  `_#`.",
        why: "ONAP reads names built from the network-role back into their parts: `int_` marks \
              internal networks, `_v6` IPv6, and `_#` an index; a role containing them makes \
              every name built from it ambiguous.",
        fix: "Choose a network-role without these parts (`oam`, `sgi`, `ha_sync`), and rename \
              the network parameters, resource ids and address parameters built from it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for used in roles_in_use(context) {
        let Some(problem) = role_problem(used.role) else {
            continue;
        };
        findings.report(
            used.template.file,
            used.span,
            used.path,
            format!(
                "network-role `{}` (in `{}`) {}",
                used.role,
                used.name,
                problem.describe()
            ),
        );
    }
}
