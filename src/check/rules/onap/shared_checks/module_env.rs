//! The checks shared by the module environment rules (R-38474, R-81725, R-53433, R-86285):
//! a module without its environment file, an environment file without its module.

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::{Context, Findings};
use crate::model::hot::{Role, TemplateKind, env_path_for, module_kind_by_name};

/// The module kind as ONAP's texts name it.
fn kind_name(kind: TemplateKind) -> &'static str {
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
