//! R-92635/yaml-limit: a file must stay within the YAML nesting, alias and line-length budgets.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Role;

/// A file whose nesting, alias expansion or line length goes past the configured limits.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/yaml-limit",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "Templates and environment files nest, expand aliases and run lines within sane bounds.",
        why: "Structures nested hundreds of levels deep or aliases that multiply into millions of \
              nodes (a \"billion laughs\" file) exhaust Heat's parser and every tool that reads \
              the package, as does a line of megabytes; nothing in the file can be checked.",
        fix: "Flatten the nesting and write values out instead of expanding aliases repeatedly; \
              break up very long lines; if the file is genuine, raise --max-yaml-depth, \
              --max-yaml-alias-nodes or --max-line-length.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for file in &context.set.files {
        if !matches!(file.role, Role::Template(_) | Role::Environment) {
            continue;
        }
        if let Some(error) = file.load_error.as_ref().filter(|e| e.is_limit()) {
            findings.report(file, error.span(), "", error.to_string());
        }
    }
}
