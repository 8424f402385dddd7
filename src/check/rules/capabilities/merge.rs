//! CAP-merge: environment files in effect together merge the way Heat merges them.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::capabilities::ProblemKind;

/// Environment files Heat cannot merge.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CAP-merge",
        keyword: Keyword::Must,
        section: "Template composition / environment merge",
        summary: "Environment files used together give each parameter one merge strategy, and \
                  `merge`/`deep_merge` only string, number, comma_delimited_list and json \
                  parameters with values of that type.",
        why: "Heat refuses the stack when two environment files ask for different strategies \
              for one parameter, or when a boolean (or a mismatched value) is to be merged.",
        fix: "Use the same `parameter_merge_strategies` entry in every file that sets the \
              parameter, or overwrite instead of merging it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    super::report_problems(context, findings, ProblemKind::Merge);
}
