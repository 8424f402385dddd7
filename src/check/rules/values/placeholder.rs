//! VALUE-placeholder: an environment value or a parameter default is a value, not a
//! placeholder for one (`PUT THE VM IMAGE NAME HERE`, `CHANGEME`, `<image>`, `TBD`).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::foundation::placeholder::placeholder;
use crate::input::yaml::Node;
use crate::model::hot::secrets::hidden_parameters;

/// A placeholder where a parameter's value belongs.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "VALUE-placeholder",
        keyword: Keyword::ShouldNot,
        section: "Values / Placeholders",
        summary: "No environment value or parameter default is a placeholder (`PUT THE VM \
                  IMAGE NAME HERE`, `CHANGEME`, `<image>`, `TBD`, blanks or quotes).",
        why: "A placeholder is a string like any other: Heat and ONAP take it as the value, \
              so the stack asks Glance for an image called `PUT THE VM IMAGE NAME HERE` or \
              sets a password to `CHANGEME`. Nothing else reports it before deployment.",
        fix: "Give the real value (in the wizard's Parameters step, with `--set NAME=VALUE` or \
              under `parameters:` in the answers file), or remove the entry so the value is \
              left for instantiation.",
    },
    check: Check::Hot(check),
};

/// The text of a string value that reads as a placeholder, with why.
fn placeholder_in(node: &Node) -> Option<(&str, &'static str)> {
    let text = node.as_str()?;
    placeholder(text).map(|why| (text, why))
}

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let hidden = hidden_parameters(context.set);
    let shown = |name: &str, text: &str| {
        if hidden.contains(name) {
            "a hidden value".to_owned()
        } else {
            format!("`{text}`")
        }
    };
    for env in &context.environments {
        for (section, entries) in [
            ("parameters", env.parameters().collect::<Vec<_>>()),
            ("parameter_defaults", env.parameter_defaults().collect()),
        ] {
            for (name, value) in entries {
                let Some((text, why)) = placeholder_in(value) else {
                    continue;
                };
                findings.report(
                    env.file,
                    value.span,
                    format!("{section}.{}", name.text),
                    format!(
                        "parameter `{}` is given {}, which reads as a placeholder, not a value ({why})",
                        name.text,
                        shown(&name.text, text)
                    ),
                );
            }
        }
    }
    for template in &context.templates {
        for (name, definition) in template.parameters() {
            let Some(default) = definition.get("default") else {
                continue;
            };
            let Some((text, why)) = placeholder_in(default) else {
                continue;
            };
            findings.report(
                template.file,
                default.span,
                format!("parameters.{}.default", name.text),
                format!(
                    "parameter `{}` defaults to {}, which reads as a placeholder, not a value ({why})",
                    name.text,
                    shown(&name.text, text)
                ),
            );
        }
    }
}
