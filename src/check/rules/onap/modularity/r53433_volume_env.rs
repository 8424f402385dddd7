//! R-53433: the volume module has an environment file (`<module>.env`, or the `HEAT_ENV` that
//! `MANIFEST.json` attaches to it).
//! An environment file named for a volume module (`vfw_volume.env`) whose template is not in the
//! set is reported too, at its first line: the pairing is broken from the other side.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

use crate::check::rules::onap::shared_checks::module_env;

/// A volume module without an environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-53433",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP VNF Modularity Overview",
        summary: "Every volume module has its environment file, and an environment file named \
                  for a volume module comes with it.",
        why: "ONAP deploys each module with the values of its own environment file; SDC \
              refuses a module that comes without one, even when it would list no values.",
        fix: "Add `vfw_volume.env` beside `vfw_volume.yaml` with a `parameters:` section \
              (`parameters: {}` when the module needs no values). An environment \
              file without its module needs the module template beside it, or goes.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let wanted = |kind| kind == TemplateKind::Volume;
    module_env::report_modules_without_env(context, findings, wanted);
    module_env::report_envs_without_module(context, findings, wanted);
}
