//! CAP-registry-list: `resource_registry` values are a template file, a resource type or null;
//! a list of candidate templates is allowed only while the set is being composed.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::capabilities::ProblemKind;

/// A registry value Heat (or composition) cannot use.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CAP-registry-list",
        keyword: Keyword::Must,
        section: "Template composition / resource_registry",
        summary: "A `resource_registry` value is a template file, a resource type or null; a \
                  list of candidate template files appears only at its top level and only in a \
                  set still being composed.",
        why: "Heat maps each type to exactly one implementation and refuses a list; a list is \
              the capabilities spec's way to offer candidates, which vnfwiz resolves into one \
              mapping before the set is deployed. A type or number in a list names no template \
              to choose.",
        fix: "List only template files (`[puppet/controller.yaml, docker/controller.yaml]`) at \
              the top of `resource_registry`; in a set given to Heat, map the type to the \
              chosen template (`vnfwiz onboard --choose TYPE=TEMPLATE` writes it).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    super::report_problems(context, findings, ProblemKind::Registry);
}
