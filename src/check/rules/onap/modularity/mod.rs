//! ONAP VNF modularity: one base module, incremental and volume modules, each with its
//! environment file; what volume and incremental modules hold.

mod r11200_volume_one_to_one;
mod r37028_one_base;
mod r38474_base_env;
mod r53433_volume_env;
mod r589037_volume_resources;
mod r610030_incremental_server;
mod r81725_incremental_env;

use crate::check::rules::onap::file_name::file_name;
use crate::check::rules::{Context, Findings, Rule};
use crate::model::hot::{TemplateKind, env_path_for};

/// Rules of this section.
pub const RULES: &[&Rule] = &[
    &r37028_one_base::RULE,
    &r38474_base_env::RULE,
    &r81725_incremental_env::RULE,
    &r53433_volume_env::RULE,
    &r11200_volume_one_to_one::RULE,
    &r589037_volume_resources::RULE,
    &r610030_incremental_server::RULE,
];

/// The module kind as ONAP's texts name it.
pub fn kind_name(kind: TemplateKind) -> &'static str {
    match kind {
        TemplateKind::Base => "base",
        TemplateKind::Incremental => "incremental",
        TemplateKind::Volume => "volume",
        TemplateKind::Nested => "nested",
    }
}

/// Reports every module of a kind `wanted` accepts that has no environment file, at the
/// module's first line (shared by R-86285 and the per-kind R-38474, R-81725, R-53433).
pub fn report_modules_without_env(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    wanted: impl Fn(TemplateKind) -> bool,
) {
    for module in &context.set.modules {
        if module.env.is_some() || !wanted(module.kind) {
            continue;
        }
        let file = context.set.file(module.template);
        let expected = env_path_for(&file.path);
        findings.report_file(
            file,
            "",
            format!(
                "this {} module has no environment file (expected `{}`)",
                kind_name(module.kind),
                file_name(&expected)
            ),
        );
    }
}
