//! R-41888: `get_file` never fetches from a URL (`http://`, `https://`, `file://`, any
//! `scheme://`).

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::source::path::is_url;
use crate::model::hot::ReferenceKind;

/// A `get_file` of a URL.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-41888",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Template Constructs / Heat Files Support (get_file)",
        summary: "`get_file` reads a file of the package, never a URL.",
        why: "ONAP onboards only what is in the package: a URL is fetched, if at all, when the \
              stack is created, from a network the cloud may not reach, and its content is \
              never reviewed or versioned with the VNF.",
        fix: "Download the file, put it in the package beside the template and write its bare \
              name: `{get_file: vfw_init.sh}`.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for reference in &context.set.references {
        if reference.kind != ReferenceKind::GetFile || !is_url(reference.target.trim()) {
            continue;
        }
        findings.report(
            context.set.file(reference.from),
            reference.span,
            reference.path.clone(),
            format!("`get_file` fetches the URL `{}`", reference.target),
        );
    }
}
