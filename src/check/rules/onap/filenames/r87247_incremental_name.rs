//! R-87247: an incremental module's file name is letters, digits and underscores, without
//! `base` in any case.
//!
//! The name is read without its extension (the extension is R-87485's).

use crate::check::rules::onap::vocabulary::file_name::{contains_ignoring_case, file_name, stem};
use crate::check::rules::onap::vocabulary::is_plain_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

/// An incremental module with other characters or `base` in its name.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-87247",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Incremental Modules",
        summary: "An incremental module's file name holds only letters, digits and \
                  underscores, and never `base` in any case.",
        why: "SDC tells base from incremental modules by the word `base` in the name, and \
              builds VF module names from file names; other characters or a stray `base` \
              (`database.yaml`) make SDC misclassify or reject the module.",
        fix: "Rename the template (and its `.env`) with letters, digits and underscores, \
              avoiding `base` (`db_server.yaml` rather than `database.yaml`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for module in &context.set.modules {
        if module.kind != TemplateKind::Incremental {
            continue;
        }
        let file = context.set.file(module.template);
        let name = stem(&file.path);
        let problem = if !is_plain_name(name) {
            "holds characters other than letters, digits and underscores"
        } else if contains_ignoring_case(name, "base") {
            "contains `base`"
        } else {
            continue;
        };
        findings.report_file(
            file,
            "",
            format!(
                "incremental module name `{}` {problem}",
                file_name(&file.path)
            ),
        );
    }
}
