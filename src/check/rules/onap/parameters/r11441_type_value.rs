//! R-11441: a parameter's type is one of HOT's five.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// The types ONAP accepts, spelled as HOT spells them.
const TYPES: [&str; 5] = [
    "string",
    "number",
    "json",
    "comma_delimited_list",
    "boolean",
];

/// A parameter of another type.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-11441",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / parameters / type",
        summary: "A parameter's `type:` is `string`, `number`, `json`, `comma_delimited_list` or \
                  `boolean`.",
        why: "SDC maps exactly these five HOT types onto its input types; any other value (a \
              CloudFormation name such as `String`, `list`, `integer`) stops the upload.",
        fix: "Use one of the five lower-case HOT types: a list of names is \
              `comma_delimited_list`, a map is `json`, an integer is `number`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        for (name, definition) in template.parameters() {
            let Some(map) = definition.as_map() else {
                continue;
            };
            let Some(value) = map.get("type") else {
                continue;
            };
            if value.as_str().is_some_and(|t| TYPES.contains(&t)) {
                continue;
            }
            let (span, shown) = match value.as_str() {
                Some(text) => (value.span, format!("type `{text}`")),
                // The empty value's place, where HOT's parameter-definition check points too
                // (the two twins' findings are one, `rules::twins`).
                None if value.is_null() => (value.span, "an empty type".to_owned()),
                None => (value.span, format!("{} as type", value.kind())),
            };
            findings.report(
                template.file,
                span,
                format!("parameters.{}.type", name.text),
                format!(
                    "parameter `{}` has {shown}; use string, number, json, \
                     comma_delimited_list or boolean",
                    name.text
                ),
            );
        }
    }
}
