//! R-90526: a parameter declaration must not carry `default`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A parameter with a `default:`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-90526",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / default",
        summary: "A parameter declaration has no `default:`; values live in the environment file.",
        why: "ONAP fills parameters from the environment file and its own inventory; a default in \
              the template hides a value SDC never sees and cannot override per site.",
        fix: "Delete the `default:` line and put the value under `parameters:` in the module's \
              environment file (`<template>.env`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, definition) in template.parameters() {
            let Some(map) = definition.as_map() else {
                continue;
            };
            if let Some(key) = map.key("default") {
                findings.report(
                    template.file,
                    key.span,
                    format!("parameters.{}.default", name.text),
                    format!("parameter `{}` declares a default", name.text),
                );
            }
        }
    }
}
