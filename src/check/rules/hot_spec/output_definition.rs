//! R-92635/output-definition: each output is a map with a `value` and only the keys of the
//! template's version.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::Version;
use crate::model::hot::arguments::is_call;
use crate::model::hot::lookalike::closest;

use super::keys::unknown_key;

/// An output definition Heat would reject.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/output-definition",
        keyword: Keyword::Must,
        section: "HOT specification / outputs section",
        summary: "Each output is a map with a `value:` and only description, value (and \
                  condition from 2016-10-14).",
        why: "Heat rejects a template with an output lacking `value` or carrying an unknown \
              key; consumers of the output (a parent template, SDC) get nothing.",
        fix: "Add `value:` with the attribute or parameter to expose, and correct misspelt keys.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in context.templates.iter().filter(|t| t.is_hot()) {
        let version = template.version();
        for (name, definition) in template.outputs() {
            let path = format!("outputs.{}", name.text);
            let Some(map) = definition.as_map() else {
                let at = if definition.is_null() {
                    name.span
                } else {
                    definition.span
                };
                findings.report(
                    template.file,
                    at,
                    path,
                    format!(
                        "output `{}` must be a map with `value:`, not {}",
                        name.text,
                        definition.kind()
                    ),
                );
                continue;
            };
            if is_call(definition) {
                findings.report(
                    template.file,
                    name.span,
                    path,
                    format!(
                        "output `{}` is written as its value; put the value under `value:`",
                        name.text
                    ),
                );
                continue;
            }
            // A misspelt `value` key is reported once, as an unknown key.
            let misspelt_value = map
                .iter()
                .any(|(k, _)| k.text != "value" && closest(&k.text, ["value"]).is_some());
            if map.get("value").is_none() && !misspelt_value {
                findings.report(
                    template.file,
                    name.span,
                    path.clone(),
                    format!("output `{}` has no `value:`", name.text),
                );
            }
            for (key, value) in map.iter() {
                let key_path = format!("{path}.{}", key.text);
                if let Some(version) = version
                    && let Some(message) = unknown_key(
                        "an output definition",
                        &key.text,
                        version,
                        Version::output_keys,
                    )
                {
                    findings.report(template.file, key.span, key_path, message);
                    continue;
                }
                if key.text == "condition"
                    && !is_call(value)
                    && !matches!(value.value, Value::Str(_) | Value::Bool(_))
                {
                    findings.report(
                        template.file,
                        value.span,
                        key_path,
                        format!(
                            "`condition` is a condition name, true/false or a condition \
                             function, not {}",
                            value.kind()
                        ),
                    );
                }
            }
        }
    }
}
