//! R-27078/date: `heat_template_version` is written as a date, not as a release alias.
//!
//! R-27078's text adds that the section "must be set to a date"; Heat reads its release
//! aliases (`newton`, `pike`, …) as the same versions, but ONAP's tooling compares the
//! value as a date. Read as a SHOULD: the template deploys either way.

use crate::hot::Version;
use crate::report::Keyword;
use crate::rules::{Check, Context, Findings, Rule, RuleMeta};

/// A release alias as `heat_template_version`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-27078/date",
        keyword: Keyword::Should,
        section: "heat_template_version",
        summary: "heat_template_version is written as a release date (2016-10-14), not as its \
                  alias (newton).",
        why: "R-27078 asks for a date; Heat takes the aliases as the same versions, but ONAP's \
              tools read the version as a date and do not know the release names.",
        fix: "Write the date the alias stands for, e.g. `heat_template_version: 2016-10-14` \
              for `newton`, `2017-09-01` for `pike`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        let Some((key, value)) = template.section("heat_template_version") else {
            continue;
        };
        let Some(written) = value.as_str() else {
            continue;
        };
        let Some(version) = Version::parse(written) else {
            continue;
        };
        if version.alias() == Some(written) {
            findings.report(
                template.file,
                value.span,
                key.text.clone(),
                format!(
                    "`{written}` is a release alias; write its date, {}",
                    version.date()
                ),
            );
        }
    }
}
