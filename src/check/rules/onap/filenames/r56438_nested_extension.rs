//! R-56438: a nested template's extension is `.yaml` or `.yml`, in lower case.

use crate::check::rules::onap::vocabulary::file_name::{file_name, has_yaml_extension};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::nested_name::{nested_templates, report_nested_name};

/// A nested template with another extension.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-56438",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames",
        summary: "A nested template's file ends in `.yaml` or `.yml`, in lower case.",
        why: "SDC recognises nested templates by these extensions; a `.template`, `.YAML` or \
              `.json` nested file is treated as an opaque artifact and the resource that uses \
              it cannot be modelled.",
        fix: "Rename the nested file to end in `.yaml` (or `.yml`) and change every `type:` \
              that names it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for nested in nested_templates(context) {
        let file = context.set.file(nested.0);
        if has_yaml_extension(&file.path) {
            continue;
        }
        let message = format!(
            "nested template `{}` must end in `.yaml` or `.yml`",
            file_name(&file.path)
        );
        report_nested_name(context, findings, &nested, message);
    }
}
