//! R-31141: the volume module's environment file is the module's name with `.env` in place of
//! `.yaml`/`.yml` (see `env_name.rs` for how a misnamed file is found).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

use crate::check::rules::onap::shared_checks::env_name::{self, check_env_names};

/// A volume module whose environment file has another name.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-31141",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Cinder Volume Modules",
        summary: "The volume module's environment file has the module's name with `.env` \
                  in place of `.yaml` or `.yml`.",
        why: env_name::WHY,
        fix: env_name::FIX,
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_env_names(context, findings, TemplateKind::Volume);
}
