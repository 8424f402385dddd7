//! R-86285: every module template comes with an environment file.
//!
//! Modules are the base, incremental and volume templates; nested templates get their values
//! from the parent resource and have no environment file of their own.

use crate::check::rules::onap::shared_checks::module_env::report_modules_without_env;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A module without an environment file.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-86285",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Environment File Format",
        summary: "Every module template (base, incremental, volume) has its environment file \
                  (`<template>.env`, or the `HEAT_ENV` that `MANIFEST.json` pairs with it).",
        why: "OpenStack makes environment files optional, ONAP does not: SDC reads a module's \
              parameter values from its environment file and refuses a module without one.",
        fix: "Add `<template name>.env` beside the template with a `parameters:` section \
              (it may be empty: `parameters: {}`).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    report_modules_without_env(context, findings, |_| true);
}
