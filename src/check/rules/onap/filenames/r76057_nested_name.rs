//! R-76057: a nested template's file name is letters, digits and underscores, without `base`
//! in any case.
//!
//! The name is read without its extension (the extension is R-56438's). The violation sits at
//! the top of the nested file, with the `type:` lines that name it as related places.

use crate::check::rules::onap::vocabulary::file_name::{contains_ignoring_case, file_name, stem};
use crate::check::rules::onap::vocabulary::is_plain_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::nested_name::{nested_templates, report_nested_name};

/// A nested template with other characters or `base` in its name.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-76057",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Nested Heat file",
        summary: "A nested template's file name holds only letters, digits and underscores, \
                  and never `base` in any case.",
        why: "SDC classifies every file of the package by its name; a nested file with `base` \
              in its name is taken for a base module, and other characters break the names \
              SDC derives from it.",
        fix: "Rename the nested file with letters, digits and underscores, avoiding `base` \
              (`vfw_server.yaml`), and change every `type:` that names it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for nested in nested_templates(context) {
        let file = context.set.file(nested.0);
        let name = stem(&file.path);
        let problem = if !is_plain_name(name) {
            "holds characters other than letters, digits and underscores"
        } else if contains_ignoring_case(name, "base") {
            "contains `base`"
        } else {
            continue;
        };
        let message = format!("nested template name `{}` {problem}", file_name(&file.path));
        report_nested_name(context, findings, &nested, message);
    }
}
