//! R-22608: a parameter of an incremental module that receives a base module output (same
//! name) declares no `constraints:`.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

use crate::check::rules::onap::shared_checks::constrained_input::report_constrained_input;

/// Constraints on an incremental module's copy of a base output.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-22608",
        keyword: Keyword::ShouldNot,
        section: "ONAP Heat Orchestration Templates Overview / Output Parameters / ONAP Base \
                  Module Output Parameters",
        summary: "An incremental module's parameter that takes a base module output of the \
                  same name declares no `constraints:`.",
        why: "ONAP fills such a parameter with the value the base module produced at run time; \
              a constraint written against it can only reject a value the operator never typed \
              and cannot correct.",
        fix: "Delete the `constraints:` of the parameter; validate the value where the base \
              module creates it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let kind_of = |id| context.template(id).map(|t| (t.kind, t));
    let mut base_outputs = HashMap::new();
    for module in &context.set.modules {
        if let Some((TemplateKind::Base, base)) = kind_of(module.template) {
            for (name, _) in base.outputs() {
                base_outputs
                    .entry(name.text.as_str())
                    .or_insert((base, name));
            }
        }
    }
    if base_outputs.is_empty() {
        return;
    }
    for module in &context.set.modules {
        let Some((TemplateKind::Incremental, incremental)) = kind_of(module.template) else {
            continue;
        };
        for (name, _) in incremental.parameters() {
            if let Some(&(base, output)) = base_outputs.get(name.text.as_str()) {
                report_constrained_input(
                    findings,
                    incremental,
                    &name.text,
                    (base, output),
                    "base module",
                );
            }
        }
    }
}
