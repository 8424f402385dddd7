//! R-37028: a VNF has exactly one base module.
//!
//! With no base, the violation sits at the first module (in path order) and names the
//! others (in a set of environment files alone, at the first of them); with several, each base after the first is reported with the first as related
//! place.

use crate::check::rules::hot_spec::no_template::{environments_without_template, listed};
use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::span_at_byte;
use crate::model::hot::TemplateKind;

/// A VNF with no base module or with more than one.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-37028",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP VNF Modularity Overview",
        summary: "The VNF has exactly one base module.",
        why: "ONAP deploys the base module first and every other module builds on its \
              outputs; with no base SDC cannot order the modules, and with two it cannot tell \
              which one carries the shared resources.",
        fix: "Name exactly one module as a base (`base_<vnf>.yaml`, or `isBase: true` in \
              `MANIFEST.json`) and rename the other candidates as incremental modules.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let set = context.set;
    let mut modules: Vec<_> = set.modules.iter().collect();
    if modules.is_empty() {
        // Environment files alone: no module at all, so no base (R-92635/no-template says
        // the same at the same place; the two are one finding).
        let envs = environments_without_template(set);
        if let Some(first) = envs.first() {
            findings.report_file(
                first,
                "",
                format!(
                    "the VNF has no base module: the set holds no template, only environment                      files ({})",
                    listed(&envs)
                ),
            );
        }
        return;
    }
    modules.sort_by(|a, b| set.file(a.template).path.cmp(&set.file(b.template).path));
    let bases: Vec<_> = modules
        .iter()
        .filter(|m| m.kind == TemplateKind::Base)
        .collect();
    match bases.as_slice() {
        [] => {
            let first = set.file(modules[0].template);
            let names: Vec<&str> = modules
                .iter()
                .map(|m| file_name(&set.file(m.template).path))
                .collect();
            findings.report_file(
                first,
                "",
                format!(
                    "the VNF has no base module; its modules are {}",
                    names
                        .iter()
                        .take(12)
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        [first, rest @ ..] => {
            let first = set.file(first.template);
            for other in rest {
                let file = set.file(other.template);
                findings
                    .report_file(
                        file,
                        "",
                        format!(
                            "`{}` is a second base module; `{}` is already the base",
                            file_name(&file.path),
                            file_name(&first.path)
                        ),
                    )
                    .also(
                        &first.path,
                        span_at_byte(&first.bytes, 0),
                        "the first base module",
                    );
            }
        }
    }
}
