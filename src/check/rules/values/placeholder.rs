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
    // (file, value, path, parameter, how the value is given)
    let mut places = Vec::new();
    for env in &context.environments {
        for section in ["parameters", "parameter_defaults"] {
            for (name, value) in env.entries(section) {
                let path = format!("{section}.{}", name.text);
                places.push((env.file, value, path, name, "is given"));
            }
        }
    }
    for template in &context.templates {
        for (name, definition) in template.parameters() {
            if let Some(default) = definition.get("default") {
                let path = format!("parameters.{}.default", name.text);
                places.push((template.file, default, path, name, "defaults to"));
            }
        }
    }
    for (file, value, path, name, given) in places {
        let Some((text, why)) = placeholder_in(value) else {
            continue;
        };
        // Heat hides a hidden parameter's value: so does the message.
        let shown = if hidden.contains(name.text.as_str()) {
            "a hidden value".to_owned()
        } else {
            format!("`{text}`")
        };
        findings.report(
            file,
            value.span,
            path,
            format!(
                "parameter `{}` {given} {shown}, which reads as a placeholder, not a value ({why})",
                name.text
            ),
        );
    }
}
