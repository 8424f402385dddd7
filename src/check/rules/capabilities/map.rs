//! CAP-map: TripleO's capabilities map names environment files the package has.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::capabilities::ProblemKind;

/// A capabilities map entry that leads nowhere.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CAP-map",
        keyword: Keyword::Must,
        section: "Template composition / capabilities map",
        summary: "Every environment, requirement and root file a `capabilities-map.yaml` names \
                  is a file of the package of the right kind, and every group lists its \
                  environments.",
        why: "Choosing an option of the map means enabling its environment file; an option \
              whose file is missing (or is not an environment) cannot be enabled, so the \
              operator is offered a choice that fails at deployment.",
        fix: "Add the missing environment file, correct its path (relative to the map's \
              folder), or remove the option from the map.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    super::report_problems(context, findings, ProblemKind::Map);
}
