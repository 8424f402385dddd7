//! R-03324: every environment file has a `parameters:` section (it may be empty).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Role;

/// An environment file without `parameters:`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-03324",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Environment File Format",
        summary: "Every environment file has a `parameters:` section, even one that lists \
                  nothing.",
        why: "SDC takes a module's input values from the environment file's `parameters:`; \
              without the section the upload is refused, and values put in other sections \
              (`parameter_defaults:`) are not seen.",
        fix: "Add `parameters:` at the top level of the environment file and list the module's \
              values under it (`parameters: {}` when there are none).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if file.role != Role::Environment {
            continue;
        }
        // An unparsable file is reported by R-92635/yaml-syntax.
        let Some(document) = &file.document else {
            continue;
        };
        // An empty file, or one that is not a map, has no sections at all.
        let has_section = document
            .root
            .as_map()
            .is_some_and(|root| root.key("parameters").is_some());
        if !has_section {
            findings.report_file(
                file,
                "parameters",
                "the environment file has no `parameters:` section",
            );
        }
    }
}
