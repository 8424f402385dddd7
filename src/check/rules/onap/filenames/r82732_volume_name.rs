//! R-82732: a volume module is named after the base or incremental module it supports, with
//! `_volume` appended (`vfw.yaml` → `vfw_volume.yaml`).
//!
//! The supported module is the one `MANIFEST.json` attaches the volume module to; without
//! such an entry the name is all there is, so the rule asks that a module with the name
//! before `_volume` exists. A volume module attached to several modules is R-11200's.

use crate::check::rules::onap::vocabulary::file_name::{extension, file_name, stem};
use crate::check::rules::onap::vocabulary::volume_modules::volume_modules;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A volume module not named `<module>_volume`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-82732",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Cinder Volume Modules",
        summary: "A volume module is named like the base or incremental module it supports \
                  with `_volume` appended (`vfw.yaml` → `vfw_volume.yaml`).",
        why: "SDC links a volume module to its module by this name; a volume module named \
              otherwise is attached to no module, so its volumes are created but never handed \
              to the servers that should mount them.",
        fix: "Rename the volume template (and its `.env`) to `<module name>_volume.yaml`, the \
              module being the base or incremental template whose servers use the volumes.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let set = context.set;
    for volume in volume_modules(set) {
        let file = set.file(volume.volume);
        let name = stem(&file.path);
        let message = match volume.supports.as_slice() {
            [module] => {
                let expected = format!("{}_volume", stem(&set.file(*module).path));
                if name == expected {
                    continue;
                }
                format!(
                    "volume module `{}` supports `{}`, so it must be named `{expected}.{}`",
                    file_name(&file.path),
                    file_name(&set.file(*module).path),
                    extension(&file.path).unwrap_or("yaml")
                )
            }
            [] => match name.strip_suffix("_volume") {
                Some(module) => format!(
                    "volume module `{}` names no module: there is no base or incremental \
                     module `{module}`",
                    file_name(&file.path)
                ),
                None => format!(
                    "volume module `{}` must be named `<module>_volume`",
                    file_name(&file.path)
                ),
            },
            _ => continue,
        };
        findings.report_file(file, "", message);
    }
}
