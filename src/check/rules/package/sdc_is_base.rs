//! SDC-is-base: a module's `isBase` is a boolean SDC can read.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::MANIFEST_JSON;

/// An `isBase` that is neither `true`/`false` nor the string form SDC writes.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "SDC-is-base",
        keyword: Keyword::Must,
        section: "ONAP heat package: MANIFEST.json",
        summary: "Each `isBase` is `true` or `false`, as a JSON boolean or as the string \
                  (`\"true\"`) that SDC's own exports write.",
        why: "SDC decides the base module from `isBase`; it reads a boolean or its string \
              form, takes any other string for false and refuses a number or a list, so the \
              VNF ends up without its base module or the upload fails.",
        fix: "Write `\"isBase\": true` on the base module's entry and `\"isBase\": false` on \
              every other module's.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let Some(manifest) = &context.set.manifest else {
        return;
    };
    for entry in manifest.all() {
        let Some((written, span)) = &entry.is_base_odd else {
            continue;
        };
        findings.report_at(
            MANIFEST_JSON,
            *span,
            "data",
            format!(
                "`{}` has `isBase: {written}`; SDC reads only true or false, so vnfwiz takes it \
                 for false",
                entry.file
            ),
        );
    }
}
