//! R-599443: every parameter an environment file lists under `parameters:` is declared in
//! the `parameters:` section of the module template it belongs to.
//!
//! The same test as Heat's own (`R-92635/env-parameter`), reported under ONAP's id so the
//! ONAP profile and reports name it; both use one search.

use crate::check::rules::hot_spec::env_parameter::undeclared_env_parameters;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An environment value for a parameter the module does not declare.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-599443",
        keyword: Keyword::Must,
        section: "ONAP Heat Support of Environment Files",
        summary: "Every parameter listed in a module's environment file is declared in the \
                  module template's `parameters:`.",
        why: "SDC turns environment values into the module's inputs by matching them with the \
              template's parameters; a value for an undeclared parameter makes Heat refuse the \
              stack, and usually means the parameter it was meant for got no value.",
        fix: "Correct the name to the template's parameter, declare the parameter in the \
              template, or delete the line from the environment file.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for entry in undeclared_env_parameters(context) {
        let hint = entry
            .suggestion
            .map(|p| format!(" (did you mean `{p}`?)"))
            .unwrap_or_default();
        findings.report(
            entry.env.file,
            entry.name.span,
            format!("parameters.{}", entry.name.text),
            format!(
                "`{}` is not declared in `{}`{hint}",
                entry.name.text,
                entry.template.path()
            ),
        );
    }
}
