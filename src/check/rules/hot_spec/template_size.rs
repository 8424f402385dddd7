//! R-92635/template-size: a template fits within Heat's `max_template_size`.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};
use crate::model::hot::Role;

/// Heat's default `max_template_size`, in bytes.
const HEAT_DEFAULT: u64 = 512 << 10;

/// A template larger than Heat accepts.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-92635/template-size",
        keyword: Keyword::Must,
        section: "HOT specification",
        summary: "Each template is no larger than Heat's max_template_size (512 KiB by default).",
        why: "Heat refuses a stack whose template, or any nested template, exceeds \
              max_template_size; the deployment fails before a single resource is created.",
        fix: "Split the template into nested templates or move large scripts into files read \
              with get_file; if the target cloud raised max_template_size, pass the same value \
              with --max-template-size.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let limit = context.set.limits.max_template_size;
    for file in &context.set.files {
        if !matches!(file.role, Role::Template(_)) {
            continue;
        }
        let size = file.bytes.len() as u64;
        if size <= limit {
            continue;
        }
        let bound = if limit == HEAT_DEFAULT {
            "Heat's default max_template_size of 512 KiB (524288 bytes)".to_owned()
        } else {
            format!(
                "the limit of {limit} bytes set with --max-template-size (Heat's default \
                 max_template_size is 512 KiB)"
            )
        };
        findings.report(
            file,
            Span {
                line: 1,
                column: 1,
                start: 0,
                end: 0,
            },
            "",
            format!(
                "the template is {size} bytes, over {bound}; the cloud operator can raise \
                 max_template_size in heat.conf, and --max-template-size checks against that value"
            ),
        );
    }
}
