//! R-11200: volume modules and the modules they support pair one to one.
//!
//! Broken pairings are a module with two volume modules (`vfw_volume.yaml` and
//! `vfw_volume.yml`, or two `HEAT_VOL` entries under one module in `MANIFEST.json`) and a
//! volume module that `MANIFEST.json` attaches to two modules. A volume module attached to
//! none is a naming problem, reported by R-82732.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::onap::vocabulary::volume_modules::volume_modules;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::span_at_byte;
use crate::model::hot::FileId;

/// A volume module shared by modules, or a module with several volume modules.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-11200",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP VNF Modularity Overview",
        summary: "Each volume module supports exactly one base or incremental module, and no \
                  module has more than one volume module.",
        why: "ONAP creates a module's volumes as one volume group and hands its outputs to that \
              one module; a shared or second volume module leaves volumes attached to the wrong \
              module or to none.",
        fix: "Keep one volume module per module, named `<module>_volume.yaml`: merge the \
              volumes of two volume modules into one, and split a volume module shared by two \
              modules.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let set = context.set;
    let mut first_volume: HashMap<FileId, FileId> = HashMap::new();
    for volume in volume_modules(set) {
        let file = set.file(volume.volume);
        if volume.supports.len() > 1 {
            let names: Vec<String> = volume
                .supports
                .iter()
                .map(|&m| format!("`{}`", file_name(&set.file(m).path)))
                .collect();
            findings.report_file(
                file,
                "",
                format!(
                    "volume module `{}` is attached to {} modules: {}",
                    file_name(&file.path),
                    names.len(),
                    names.join(", ")
                ),
            );
        }
        for &module in &volume.supports {
            let Some(&earlier) = first_volume.get(&module) else {
                first_volume.insert(module, volume.volume);
                continue;
            };
            let earlier = set.file(earlier);
            findings
                .report_file(
                    file,
                    "",
                    format!(
                        "`{}` already has volume module `{}`; `{}` is a second one",
                        file_name(&set.file(module).path),
                        file_name(&earlier.path),
                        file_name(&file.path)
                    ),
                )
                .also(
                    &earlier.path,
                    span_at_byte(&earlier.bytes, 0),
                    "the first volume module",
                );
        }
    }
}
