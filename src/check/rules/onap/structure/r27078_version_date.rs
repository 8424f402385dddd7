//! R-27078, second sentence: `heat_template_version` is set to a date, not a release alias.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::Version;

/// A `heat_template_version` written as a release alias (`newton`, `pike`).
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-27078/date",
        keyword: Keyword::Should,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / heat_template_version",
        summary: "`heat_template_version` is written as a release date (`2016-10-14`), not as \
                  its alias (`newton`).",
        why: "ONAP's text sets the version to a date the cloud supports. Heat reads an alias as \
              the same version, so the template still deploys, but tools that compare versions \
              as dates (SDC onboarding, validation scripts) may refuse or misread the alias; \
              hence a warning, not an error.",
        fix: "Write the date the alias stands for, keeping any quotes: newton 2016-10-14, \
              ocata 2017-02-24, pike 2017-09-01, queens 2018-03-02, rocky 2018-08-31, \
              wallaby 2021-04-16 (`vnfwiz onboard --fix safe` does it).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        let Some(value) = template.root.get("heat_template_version") else {
            continue;
        };
        let Some(written) = value.as_str() else {
            continue;
        };
        // Unknown versions are R-92635/template-version's; dates are what is asked for.
        let Some(version) = Version::parse(written) else {
            continue;
        };
        let date = version.date();
        if written != date {
            findings.report(
                template.file,
                value.span,
                "heat_template_version",
                format!(
                    "`heat_template_version: {written}` is a release alias; write its date, {date}"
                ),
            );
        }
    }
}
