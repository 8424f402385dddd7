//! A resource type ONAP does not allow anywhere in a VNF (R-05257, R-76449).

use crate::check::rules::{Context, Findings};

/// Reports every resource of `forbidden` type, resource group members included, at its
/// `type:` value.
pub fn check_forbidden_type(context: &Context<'_>, findings: &mut Findings<'_>, forbidden: &str) {
    for template in &context.templates {
        for slot in template.type_slots() {
            if slot.written != forbidden {
                continue;
            }
            findings.report(
                template.file,
                slot.type_node.span,
                slot.path(),
                format!(
                    "`{}` is an `{forbidden}`, which ONAP does not allow",
                    slot.resource.text
                ),
            );
        }
    }
}
