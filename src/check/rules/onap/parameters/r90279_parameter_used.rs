//! R-90279: every declared parameter is read in a resource or an output.
//!
//! Reads in the `conditions:` section do not count: the requirement names resources and
//! outputs only. A read anywhere inside a resource or output definition counts, its inline
//! `condition:` included. ONAP's `availability_zone_{index}` parameters (R-98450) are exempt,
//! as R-91273 lets them be declared and left unused.

use crate::check::rules::onap::vocabulary::is_availability_zone_parameter;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::usage::{ParameterUsage, UseSection};

/// A parameter nothing reads.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-90279",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters",
        summary: "Every parameter is read with `get_param` in a resource or an output \
                  (`availability_zone_{index}` parameters excepted).",
        why: "SDC turns every parameter into an input of the VF module; one the template never \
              reads asks operators for a value that changes nothing, and usually hides a typo in \
              a `get_param`.",
        fix: "Read the parameter where it belongs (`{get_param: <name>}` in a resource property \
              or an output; a flag read only in `conditions:` can be published as an output), or \
              delete its declaration and its line in the environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        let usage = ParameterUsage::of(calls);
        for (name, _) in template.parameters() {
            let uses = usage.uses(&name.text);
            if is_availability_zone_parameter(&name.text)
                || uses.iter().any(|u| u.section != UseSection::Conditions)
            {
                continue;
            }
            // What is left are reads in `conditions:`, if any.
            let in_condition = uses.first();
            let path = format!("parameters.{}", name.text);
            match in_condition {
                Some(read) => {
                    findings
                        .report(
                            template.file,
                            name.span,
                            path,
                            format!(
                                "parameter `{}` is read only in `conditions:`, never in a resource \
                                 or an output",
                                name.text
                            ),
                        )
                        .also(
                            template.path(),
                            read.call.name.span,
                            "the read in `conditions:`",
                        );
                }
                None => {
                    findings.report(
                        template.file,
                        name.span,
                        path,
                        format!("parameter `{}` is never read", name.text),
                    );
                }
            }
        }
    }
}
