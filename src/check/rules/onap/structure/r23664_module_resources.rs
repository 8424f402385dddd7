//! R-23664: incremental and volume modules carry a `resources:` section.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::hot::TemplateKind;

/// An incremental or volume module without `resources:`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-23664",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Template Format / Heat Orchestration Template Structure \
                  / resources",
        summary: "Incremental and volume modules have a `resources:` section (the base module and \
                  nested templates may omit it).",
        why: "An add-on or volume module exists to create resources; one without them deploys an \
              empty stack that ONAP still tracks as a VF module.",
        fix: "Add the `resources:` section with the servers, ports or volumes the module creates, \
              or drop the module from the package.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    for template in &context.templates {
        let kind = match template.kind {
            TemplateKind::Incremental => "incremental",
            TemplateKind::Volume => "volume",
            TemplateKind::Base | TemplateKind::Nested => continue,
        };
        if template.root.key("resources").is_none() {
            findings.report_file(
                template.file,
                "resources",
                format!("this {kind} module has no `resources:` section"),
            );
        }
    }
}
