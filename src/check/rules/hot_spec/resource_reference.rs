//! R-92635/resource-reference: `get_resource`, `get_attr` and `depends_on` name another
//! resource of the same template (an output's `get_resource` is R-92635/output-resource's).

use foldhash::HashSet;

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Node;
use crate::model::hot::functions::{Scope, Standing, standing};
use crate::model::hot::lookalike::Suggestions;

/// A reference to a resource that does not exist, or a resource referring to itself.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/resource-reference",
        keyword: Keyword::Must,
        section: "HOT specification / resources section",
        summary: "get_resource, get_attr and depends_on name a resource of the same template, \
                  never the resource they are written in.",
        why: "Heat rejects a reference to an unknown resource (\"The specified reference ... \
              not found\"), and a resource that depends on itself makes a dependency loop that \
              can never be created.",
        fix: "Correct the resource name, or declare the resource in this template (resources of \
              a nested template are reached through its outputs); remove self-references.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    check_references(context, findings, References::Refused);
}

/// Which dangling references a rule reports.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum References {
    /// Those Heat refuses: every one but an output's `get_resource`.
    Refused,
    /// An output's `get_resource`, which Heat leaves to fail that output only.
    OutputResource,
}

/// Reports the references of kind `which` to a resource the template does not have (or to
/// the resource they are written in).
pub(super) fn check_references(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    which: References,
) {
    for (template, calls) in context.templates_with_calls() {
        let Some(version) = template.version() else {
            continue;
        };
        let resources: HashSet<&str> = template.resources().map(|(k, _)| k.text.as_str()).collect();
        let mut suggestions = Suggestions::new(resources.iter().copied());
        let mut report = |at: &Node, owner: Option<&str>, how: &str, path: String| {
            let Some(name) = at.as_str() else {
                return;
            };
            let message = if owner == Some(name) {
                format!(
                    "resource `{name}` refers to itself through {how}; that is a dependency loop"
                )
            } else if resources.contains(name) {
                return;
            } else {
                let hint = suggestions
                    .hint(name)
                    .map(|r| format!("; did you mean `{r}`?"))
                    .unwrap_or_default();
                let outcome = match which {
                    References::Refused => "",
                    References::OutputResource => {
                        "; Heat creates the stack all the same and fails only this output"
                    }
                };
                format!(
                    "{how} names `{name}`, which is not a resource of {}{hint}{outcome}",
                    template.path()
                )
            };
            findings.report(template.file, at.span, path, message);
        };
        for call in calls {
            let name = call.function();
            if !matches!(name, "get_resource" | "get_attr")
                || standing(call, version) != Standing::Valid
            {
                continue;
            }
            let output_resource = name == "get_resource" && call.scope == Scope::Output;
            if output_resource != (which == References::OutputResource) {
                continue;
            }
            let target = match name {
                "get_attr" => call.args.as_seq().and_then(<[Node]>::first),
                _ => Some(call.args),
            };
            let owner = (call.scope == Scope::Resource).then_some(call.owner);
            if let Some(target) = target {
                report(target, owner, &format!("`{name}`"), call.path.clone());
            }
        }
        if which == References::OutputResource {
            continue;
        }
        for (name, definition) in template.resources() {
            let Some(depends) = definition.get("depends_on") else {
                continue;
            };
            let path = format!("resources.{}.depends_on", name.text);
            let items: Vec<&Node> = match depends.as_seq() {
                Some(items) => items.iter().collect(),
                None => vec![depends],
            };
            for item in items {
                report(item, Some(&name.text), "`depends_on`", path.clone());
            }
        }
    }
}
