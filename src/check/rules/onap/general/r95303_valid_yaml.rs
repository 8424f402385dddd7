//! R-95303: every template and environment file is valid YAML.
//!
//! The same files as `R-92635/yaml-syntax` (what Heat cannot parse), under ONAP's own id so
//! the ONAP profile reports them without the HOT-spec checks; files over a configured limit
//! are `R-92635/yaml-limit`'s, since they may well be valid.

use crate::check::rules::hot_spec::report_unparsed;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A file that is not valid YAML.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-95303",
        keyword: Keyword::Must,
        section: "General Guidelines for Heat / YAML Format",
        summary: "Every template and environment file is valid YAML.",
        why: "SDC, ONAP and Heat all parse the files as YAML; a file that does not parse is \
              rejected at onboarding and nothing in it is checked or deployed.",
        fix: "Correct the syntax at the reported place (spaces, not tabs, for indentation; \
              closed quotes and brackets; a space after each `:` and `-`; one document per \
              file).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    report_unparsed(context, findings);
}
