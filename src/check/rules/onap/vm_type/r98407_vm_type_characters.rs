//! R-98407: a `{vm-type}` has only letters, digits and `_`, and none of `_int`, `int_`,
//! `_int_`.
//!
//! Each `{vm-type}` the servers name (`vocabulary::vm_type`) is judged once, where it is first
//! named. "Alphanumeric" is ASCII letters and digits, as for R-25877 and R-75141.

use crate::check::rules::onap::vocabulary::vm_type::problem;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A VM type with other characters or an internal-network marker.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-98407",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Resource ID and Parameter Naming Convention / {vm-type}",
        summary: "A `{vm-type}` has only letters, digits and `_`, and contains none of `_int`, \
                  `int_` or `_int_`.",
        why: "ONAP builds names from the `{vm-type}` and reads `int_` as the mark of an internal \
              network; a VM type such as `lb_int` or `int_proxy` makes port and parameter names \
              look like internal-network names, and other characters break the names SDC \
              derives.",
        fix: "Choose a VM type of letters, digits and `_` without `int_`/`_int` (e.g. `lbi` \
              instead of `lb_int`) and rename the server, its parameters and every resource \
              named after it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let servers = context.servers();
    for known in context.vm_types().known() {
        let Some(what) = problem(known.spelling) else {
            continue;
        };
        let Some(server) = servers.get(known.server) else {
            continue;
        };
        let path = match known.first.source.property() {
            Some(property) => server.path(property),
            None => format!("resources.{}", server.id.text),
        };
        findings.report(
            server.template.file,
            known.first.span,
            path,
            format!(
                "the {{vm-type}} `{}` (from the {} of `{}`) {what}",
                known.spelling,
                known.first.source.label(),
                server.id.text
            ),
        );
    }
}
