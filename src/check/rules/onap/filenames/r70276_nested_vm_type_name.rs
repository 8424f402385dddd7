//! R-70276: no nested template is named `{vm-type}.yaml` (or `.yml`) after a `{vm-type}` the
//! VNF's templates define.
//!
//! The `{vm-type}`s are the VNF's vocabulary (`onap/vocabulary/vm_type.rs`); names are compared
//! without case.

use crate::check::rules::onap::vocabulary::file_name::{file_name, stem};
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use crate::check::rules::onap::shared_checks::nested_name::{nested_templates, report_nested_name};

/// A nested template named exactly after a `{vm-type}`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-70276",
        keyword: Keyword::MustNot,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames / Nested Heat file",
        summary: "No nested template is named `{vm-type}.yaml` after a `{vm-type}` of the \
                  VNF.",
        why: "SDC names the node types it generates for nested templates after the file, and \
              the types for servers after their `{vm-type}`; a nested file named like a \
              `{vm-type}` makes the two collide in the service model.",
        fix: "Give the nested file a name that says what it builds beyond the `{vm-type}` \
              (`vfw_server.yaml` or `vfw_nested.yaml` rather than `vfw.yaml`) and change every \
              `type:` that names it.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let nested = nested_templates(context);
    if nested.is_empty() {
        return;
    }
    let vm_types = context.vm_types();
    for nested in &nested {
        let file = context.set.file(nested.0);
        let name = stem(&file.path).to_ascii_lowercase();
        if vm_types.find(&name).is_some() {
            let message = format!(
                "nested template `{}` is named after the {{vm-type}} `{name}`",
                file_name(&file.path)
            );
            report_nested_name(context, findings, nested, message);
        }
    }
}
