//! The loop shared by the resource-id conventions that apply to one resource type
//! (`network_id`, `vm_type_in_id`): each resource of the type whose id does not fit is reported
//! at its id.

use crate::check::rules::{Context, Findings};
use crate::model::hot::template::resource_type as type_of;

/// Reports, at its id, every resource of `resource_type` whose id `fits` rejects, with the
/// message `message` writes for that id.
pub fn check(
    context: &Context<'_>,
    findings: &mut Findings<'_>,
    resource_type: &str,
    fits: impl Fn(&str) -> bool,
    message: impl Fn(&str) -> String,
) {
    for template in &context.templates {
        for (id, definition) in template.resources() {
            if type_of(definition) != Some(resource_type) || fits(&id.text) {
                continue;
            }
            findings.report(
                template.file,
                id.span,
                format!("resources.{}", id.text),
                message(&id.text),
            );
        }
    }
}
