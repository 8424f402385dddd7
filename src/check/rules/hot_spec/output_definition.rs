//! R-92635/output-definition: each output is a map with a `value` and only the keys of the
//! template's version.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::Version;
use crate::model::hot::arguments::is_call;
use crate::model::hot::lookalike::closest;

use super::definitions::{Definition, DefinitionSection, check_definitions};

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
    let section = DefinitionSection::new("outputs", "with `value:`", Version::output_keys);
    check_definitions(
        context,
        findings,
        &section,
        output_value,
        |findings, definition, key, value| {
            if key.text == "condition"
                && !is_call(value)
                && !matches!(value.value, Value::Str(_) | Value::Bool(_))
            {
                findings.report(
                    definition.file,
                    value.span,
                    definition.key_path(key),
                    format!(
                        "`condition` is a condition name, true/false or a condition \
                     function, not {}",
                        value.kind()
                    ),
                );
            }
        },
    );
}

/// Reports an output written as its value or without `value:`; true when its keys are worth
/// checking.
fn output_value(findings: &mut Findings<'_>, output: &Definition<'_>) -> bool {
    let name = output.name;
    if is_call(output.node) {
        findings.report(
            output.file,
            name.span,
            output.path(),
            format!(
                "output `{}` is written as its value; put the value under `value:`",
                name.text
            ),
        );
        return false;
    }
    // A misspelt `value` key is reported once, as an unknown key.
    let misspelt_value = output
        .map
        .iter()
        .any(|(k, _)| k.text != "value" && closest(&k.text, ["value"]).is_some());
    if output.map.get("value").is_none() && !misspelt_value {
        findings.report(
            output.file,
            name.span,
            output.path(),
            format!("output `{}` has no `value:`", name.text),
        );
    }
    true
}
