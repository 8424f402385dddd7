//! R-87485: a module template's extension is `.yaml` or `.yml`, in lower case.
//!
//! Nested templates have their own requirement (R-56438), so this one reads the modules:
//! base, incremental and volume.

use crate::check::rules::onap::vocabulary::file_name::{file_name, has_yaml_extension};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A module template with another extension.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-87485",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames",
        summary: "A module template's file ends in `.yaml` or `.yml`, in lower case.",
        why: "SDC takes only `.yaml`/`.yml` files of a heat package for templates; a module \
              named `.template`, `.json` or `.YAML` is not onboarded as a module at all.",
        fix: "Rename the template to end in `.yaml` (its environment file keeps the same name \
              with `.env`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for module in &context.set.modules {
        let file = context.set.file(module.template);
        if has_yaml_extension(&file.path) {
            continue;
        }
        findings.report_file(
            file,
            "",
            format!(
                "module template `{}` must end in `.yaml` or `.yml`",
                file_name(&file.path)
            ),
        );
    }
}
