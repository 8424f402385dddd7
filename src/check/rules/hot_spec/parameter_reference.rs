//! R-92635/parameter-reference: `get_param` names a parameter of the same template.

use foldhash::HashSet;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::functions::{Standing, standing};
use crate::model::hot::lookalike::Suggestions;
use crate::model::hot::parameters::PSEUDO_PARAMETERS;

/// A `get_param` (or 2013-05-23 `Ref`) to a name the template does not declare.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/parameter-reference",
        keyword: Keyword::Must,
        section: "HOT specification / intrinsic functions",
        summary: "get_param names a parameter declared in the same template, or OS::stack_name, \
                  OS::stack_id or OS::project_id.",
        why: "Heat fails the stack with \"The Parameter (x) was not provided\" when get_param \
              names an undeclared parameter; each nested template sees only its own parameters.",
        fix: "Declare the parameter under `parameters:` of this template (a nested template \
              receives values through its resource's properties), or correct the name.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for (template, calls) in context.templates_with_calls() {
        let Some(version) = template.version() else {
            continue;
        };
        let declared: HashSet<&str> = template
            .parameters()
            .map(|(k, _)| k.text.as_str())
            .collect();
        let resources: HashSet<&str> = template.resources().map(|(k, _)| k.text.as_str()).collect();
        let mut suggestions = Suggestions::new(declared.iter().copied());
        for call in calls {
            let name = call.function();
            if (name != "get_param" && name != "Ref") || standing(call, version) != Standing::Valid
            {
                continue;
            }
            let Some(target) = referenced(call.args) else {
                continue;
            };
            let Some(text) = target.as_str() else {
                continue;
            };
            let known = declared.contains(text)
                || PSEUDO_PARAMETERS.contains(&text)
                || (name == "Ref" && resources.contains(text));
            if known {
                continue;
            }
            let hint = suggestions
                .hint(text)
                .map(|p| format!("; did you mean `{p}`?"))
                .unwrap_or_default();
            let what = if name == "Ref" {
                "a parameter or resource"
            } else {
                "a parameter"
            };
            findings.report(
                template.file,
                target.span,
                call.path.clone(),
                format!(
                    "`{name}` refers to `{text}`, which is not {what} of {}{hint}",
                    template.path()
                ),
            );
        }
    }
}

/// The node naming the parameter: the argument itself or the first item of the list form.
fn referenced(args: &Node) -> Option<&Node> {
    match args.as_seq() {
        Some(items) => items.first(),
        None => Some(args),
    }
}
