//! CAP-ambiguous: a type with several candidate implementations resolves to exactly one; here
//! several satisfy every requirement.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::capabilities::Outcome;

/// Several candidates satisfy the requirements.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CAP-ambiguous",
        keyword: Keyword::Must,
        section: "Template composition / resolution",
        summary: "Each type offered with several implementations (a registry list, alternative \
                  environment files, or `resource_type` annotations) has exactly one candidate \
                  whose capabilities satisfy the environment's `requires:`.",
        why: "The capabilities spec makes zero or several matching implementations a validation \
              error: the set does not say which template implements the type, so no stack can \
              be built from it.",
        fix: "Add a `requires:` entry (or `--require KEY=VALUE`) on a capability that tells the \
              candidates apart, or choose one (`--choose TYPE=TEMPLATE`, or `capabilities:` in \
              the answers file).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    super::report_choices(context, findings, |o| {
        matches!(o, Outcome::Ambiguous { .. })
    });
}
