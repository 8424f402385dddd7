//! R-92635/env-parameter: every `parameters:` entry of a module's environment is declared
//! by the module's template.

use foldhash::HashSet;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Key;
use crate::model::hot::lookalike::Suggestions;
use crate::model::hot::{Environment, Template};

/// An environment value for a parameter the template does not declare.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/env-parameter",
        keyword: Keyword::Must,
        section: "HOT specification / environment",
        summary: "Each name under `parameters:` in a module's environment is a parameter of \
                  that module's template.",
        why: "Heat rejects a stack given a value for a parameter its template does not declare \
              (\"The Parameter (x) was not defined in template\"); a misspelt name also leaves \
              the real parameter without its value.",
        fix: "Correct the name, declare the parameter in the template, or move values meant for \
              nested templates under `parameter_defaults:`.",
    },
    check: Check::Hot(check),
};

/// An environment `parameters:` entry that the paired module template does not declare.
pub struct Undeclared<'a> {
    /// The environment file.
    pub env: Environment<'a>,
    /// The entry's name.
    pub name: &'a Key,
    /// The module template.
    pub template: Template<'a>,
    /// A declared parameter the name is close to, if any.
    pub suggestion: Option<String>,
}

/// Every `parameters:` entry of a module's environment that its template does not declare
/// (shared with ONAP's R-599443).
pub fn undeclared_env_parameters<'a>(context: &Context<'a>) -> Vec<Undeclared<'a>> {
    let mut found = Vec::new();
    for module in &context.set.modules {
        // A template without `heat_template_version` (a file of parameters alone) is read
        // as HOT too; only the CloudFormation formats name their sections otherwise.
        let Some(template) = context
            .set
            .template(module.template)
            .filter(|t| !t.is_cfn())
        else {
            continue;
        };
        let Some(env) = context.environment_of(module.template) else {
            continue;
        };
        let declared: HashSet<&str> = template
            .parameters()
            .map(|(k, _)| k.text.as_str())
            .collect();
        let mut suggestions = Suggestions::new(declared.iter().copied());
        for (name, _) in env.parameters() {
            if declared.contains(name.text.as_str()) {
                continue;
            }
            found.push(Undeclared {
                env,
                name,
                template,
                suggestion: suggestions.hint(&name.text).map(str::to_owned),
            });
        }
    }
    found
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    // Heat reads only a template with its version key (the missing key is its own finding).
    for entry in undeclared_env_parameters(context)
        .into_iter()
        .filter(|e| e.template.is_hot())
    {
        let hint = entry
            .suggestion
            .map(|p| format!("did you mean `{p}`? "))
            .unwrap_or_default();
        findings.report(
            entry.env.file,
            entry.name.span,
            format!("parameters.{}", entry.name.text),
            format!(
                "`{}` is not a parameter of {}; {hint}values for nested templates belong \
                 under `parameter_defaults:`",
                entry.name.text,
                entry.template.path()
            ),
        );
    }
}
