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
use crate::model::hot::{Role, TemplateKind, env_path_for, module_kind_by_name};

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

/// Reports every environment file whose module template is missing, when SDC's naming
/// (`<module>.env` beside `<module>.yaml`) makes it the environment of a module of a kind
/// `wanted` accepts, at the file's first line (the per-kind R-38474, R-81725, R-53433: the
/// module and its environment file do not correspond). A set being composed is left alone:
/// its environment files are choices made before the modules are written.
pub fn report_envs_without_module(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    wanted: impl Fn(TemplateKind) -> bool,
) {
    let set = context.set;
    if set.is_composing() {
        return;
    }
    for (id, file) in set.files.iter().enumerate() {
        if file.role != Role::Environment || set.modules.iter().any(|m| m.env == Some(id)) {
            continue;
        }
        let stem = file
            .path
            .rsplit_once('.')
            .map_or(file.path.as_str(), |(s, _)| s);
        let candidates = [format!("{stem}.yaml"), format!("{stem}.yml")];
        if candidates.iter().any(|c| set.find(c).is_some()) {
            continue;
        }
        let kind = module_kind_by_name(&candidates[0]);
        if !wanted(kind) {
            continue;
        }
        findings.report_file(
            file,
            "",
            format!(
                "`{}` is the environment file of the {} module `{}`, which the set does not \
                 hold",
                file.path,
                kind_name(kind),
                candidates[0]
            ),
        );
    }
}
