//! R-20547: a parameter that receives a volume module output (same name) declares no
//! `constraints:`.
//!
//! The parameter read is the one of the module the volume module supports, the only module
//! ONAP hands the volume outputs to.

use crate::check::rules::onap::vocabulary::volume_modules::volume_modules;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::constrained_input::report_constrained_input;

/// Constraints on a module's copy of a volume output.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-20547",
        keyword: Keyword::ShouldNot,
        section: "ONAP Heat Orchestration Templates Overview / Output Parameters / ONAP Volume \
                  Module Output Parameters",
        summary: "A module's parameter that takes a volume module output of the same name \
                  declares no `constraints:`.",
        why: "ONAP fills such a parameter with the volume UUIDs the volume module produced; a \
              constraint on it can only reject values nobody typed and nobody can correct.",
        fix: "Delete the `constraints:` of the parameter.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for volume in volume_modules(context.set) {
        let Some(volume_template) = context.template(volume.volume) else {
            continue;
        };
        for &module in &volume.supports {
            let Some(module) = context.template(module) else {
                continue;
            };
            for (name, _) in volume_template.outputs() {
                report_constrained_input(
                    findings,
                    module,
                    &name.text,
                    (volume_template, name),
                    "volume module",
                );
            }
        }
    }
}
