//! R-74304: an environment file's extension is `.env`, in lower case.
//!
//! Environment files are found by content as well as by name, so a file holding only
//! environment sections under another name (`base_vfw_env.yaml`, `base_vfw.ENV`) is one.

use crate::check::rules::onap::vocabulary::file_name::{extension, file_name};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Role;

/// An environment file with another extension.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-74304",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames",
        summary: "An environment file ends in `.env`, in lower case.",
        why: "SDC recognises environment files by the `.env` extension; one named otherwise is \
              taken for a template or an artifact and its module gets no values.",
        fix: "Rename the environment file to the module's name with `.env` (`base_vfw.env`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if file.role != Role::Environment || extension(&file.path) == Some("env") {
            continue;
        }
        findings.report_file(
            file,
            "",
            format!(
                "environment file `{}` must end in `.env`",
                file_name(&file.path)
            ),
        );
    }
}
