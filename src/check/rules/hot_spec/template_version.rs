//! R-92635/template-version: a template has a version key, and `heat_template_version` names
//! a version Heat knows.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::Value;
use crate::model::hot::classify::VERSION_KEYS;
use crate::model::hot::version::VERSIONS;

/// A template without a version, or a `heat_template_version` Heat does not know.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/template-version",
        keyword: Keyword::Must,
        section: "HOT specification / heat template version",
        summary: "A template has `heat_template_version`, one of the dates Heat defines \
                  (2013-05-23 to 2021-04-16) or a release alias such as `queens`.",
        why: "The version selects which functions, sections and keys Heat accepts; Heat refuses \
              a template without one (\"Template format version not found\") or with one it \
              does not know, nested templates included. ONAP's R-27078 asks for the key too.",
        fix: "Use a listed date or alias, as plain text (`heat_template_version: 2017-09-01`), \
              choosing the oldest version that has every feature the template uses.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        if VERSION_KEYS.iter().all(|k| template.root.get(k).is_none()) {
            findings.report_file(
                template.file,
                "heat_template_version",
                "the template has no `heat_template_version:`; Heat refuses it (\"Template \
                 format version not found\")",
            );
            continue;
        }
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
