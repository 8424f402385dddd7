//! OVF-doctype: a descriptor has no DOCTYPE.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// Any DOCTYPE declaration.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-doctype",
        keyword: Keyword::MustNot,
        section: "OVF descriptor",
        summary: "The descriptor has no DOCTYPE declaration; vnfwiz never expands one.",
        why: "OVF is defined by XML Schema, not a DTD; a DOCTYPE in a package is the vehicle of \
              external-entity (XXE) and entity-expansion attacks on other tools that read it.",
        fix: "Delete the <!DOCTYPE …> declaration and replace any entity it defines with its text.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    if let Some(span) = context.package.descriptor.doctype {
        findings.report_at(
            context.file,
            span,
            "",
            "the descriptor declares a DOCTYPE; it is ignored and never expanded",
        );
    }
}
