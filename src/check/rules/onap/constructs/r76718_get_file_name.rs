//! R-76718: `get_file` names its target by the bare file name, with no folder part.
//!
//! Read together with the flat package of R-511776: `get_file: vfw_init.sh`, not
//! `scripts/vfw_init.sh` or `./vfw_init.sh`. URLs are R-41888's.

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::source::path::is_url;
use crate::model::hot::ReferenceKind;

/// A `get_file` target written with a path.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-76718",
        keyword: Keyword::Must,
        section: "ONAP Heat Template Constructs / Heat Files Support (get_file)",
        summary: "`get_file` names its target by file name alone (`{get_file: vfw_init.sh}`), \
                  with no folder.",
        why: "ONAP stores a VNF's files in one flat folder; a path with folders points at a \
              place that does not exist once the package is onboarded, and the stack fails \
              to create.",
        fix: "Put the file at the top of the package beside the templates and write only its \
              name in `get_file`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for reference in &context.set.references {
        let target = reference.target.trim();
        if reference.kind != ReferenceKind::GetFile
            || is_url(target)
            || !target.contains(['/', '\\'])
        {
            continue;
        }
        let name = file_name(&target.replace('\\', "/")).to_owned();
        findings.report(
            context.set.file(reference.from),
            reference.span,
            reference.path.clone(),
            format!("`get_file` target `{target}` has a folder part; write `{name}`"),
        );
    }
}
