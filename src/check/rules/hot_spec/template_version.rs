//! R-92635/template-version: `heat_template_version` names a version Heat knows.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::version::VERSIONS;

/// A `heat_template_version` Heat does not know.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/template-version",
        keyword: Keyword::Must,
        section: "HOT specification / heat template version",
        summary: "heat_template_version is one of the dates Heat defines (2013-05-23 to \
                  2021-04-16) or a release alias such as `queens`.",
        why: "The version selects which functions, sections and keys Heat accepts; an unknown \
              version makes Heat refuse the template outright.",
        fix: "Use a listed date or alias, as plain text (`heat_template_version: 2017-09-01`), \
              choosing the oldest version that has every feature the template uses.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        let Some((key, value)) = template.section("heat_template_version") else {
            continue;
        };
        if template.version().is_some() {
            continue;
        }
        let written = match &value.value {
            Value::Str(s) => format!("`{s}`"),
            Value::Int(i) => format!("the number {i}"),
            Value::Float(f) => format!("the number {f}"),
            other => other.kind().to_owned(),
        };
        let known: Vec<String> = VERSIONS
            .iter()
            .map(|(_, date, alias)| match alias {
                Some(alias) => format!("{date} ({alias})"),
                None => (*date).to_owned(),
            })
            .collect();
        findings.report(
            template.file,
            value.span,
            key.text.clone(),
            format!(
                "{written} is not a HOT version; use one of {}",
                known.join(", ")
            ),
        );
    }
}
