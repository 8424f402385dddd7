//! R-92635/unknown-function: every function exists in the template's version.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::functions::{Standing, standing};
use crate::model::hot::version::hot_equivalent;

/// A function the template's version does not have.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/unknown-function",
        keyword: Keyword::Must,
        section: "HOT specification / intrinsic functions",
        summary: "Every intrinsic function exists in the template's heat_template_version (not \
                  yet introduced, not removed).",
        why: "Heat rejects removed functions (the CFN Fn:: family after 2013-05-23, Fn::Select \
              after 2015-04-30) and passes functions of later versions on as plain data, so \
              the property receives a map instead of a value.",
        fix: "Use the HOT function that replaced a removed one (list_join, str_split, \
              str_replace, get_param, get_resource), or raise heat_template_version to the \
              version that introduced the function.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for ((template, calls), maps) in context.templates_with_calls().zip(&context.other_maps) {
        let Some(version) = template.version() else {
            continue;
        };
        for map in maps {
            let name = map.function();
            if let Some(instead) = hot_equivalent(name) {
                findings.report(
                    template.file,
                    map.name.span,
                    map.path.clone(),
                    format!(
                        "`{name}` is a CloudFormation function that no HOT version has; Heat \
                         passes it on as plain data; use {instead}"
                    ),
                );
            }
        }
        for call in calls {
            let name = call.function();
            let message = match standing(call, version) {
                Standing::Removed { since } => format!(
                    "`{name}` was removed in heat_template_version {since} (this template is \
                     {version}){}",
                    replacement(name)
                ),
                Standing::NotYet { since } => format!(
                    "`{name}` needs heat_template_version {since} or later; this template is \
                     {version}, where Heat passes it on as plain data"
                ),
                _ => continue,
            };
            findings.report(template.file, call.name.span, call.path.clone(), message);
        }
    }
}

/// What to write instead of a removed function.
fn replacement(name: &str) -> &'static str {
    match name {
        "Fn::Join" => "; use `list_join`",
        "Fn::Split" => "; use `str_split`",
        "Fn::Replace" => "; use `str_replace`",
        "Fn::Select" => "; use a path in `get_param`/`get_attr` or the index of `str_split`",
        "Ref" => "; use `get_param` for a parameter or `get_resource` for a resource",
        "Fn::ResourceFacade" => "; use `resource_facade`",
        "Fn::Base64" => "; give the text itself (Heat never encoded it)",
        "Fn::GetAZs" => "; pass the availability zone as a parameter",
        _ => "",
    }
}
